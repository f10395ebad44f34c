/**
 * Preloaded into the spike's worker processes by `bench:spike -- --answers instant`
 * (`node --import`): X's and LinkedIn's create calls are answered inside the worker,
 * at once, by undici's MockAgent, instead of over loopback by the simulator. What is
 * left of a target's run is the engine's own work: claiming the job, its durable
 * transitions (start, create in flight, settle), the adapter's code and the HTTP
 * client's request building and answer reading, without a socket. The spike's
 * throughput in this mode is the ceiling of the engine itself, to set beside the
 * simulator's raw ceiling. Any other call goes on to the simulator.
 */
import { MockAgent, setGlobalDispatcher } from 'undici';

const simulator = process.env.SIMULATOR_URL;
if (!simulator) throw new Error('instant answers need SIMULATOR_URL');
const origin = new URL(simulator).origin;
const agent = new MockAgent();
agent.enableNetConnect();
const pool = agent.get(origin);
let next = 1_000_000_000_000_000_000n;
pool
  .intercept({ path: '/twitter/2/tweets', method: 'POST' })
  .reply(() => {
    const id = String(next++);
    return {
      statusCode: 201,
      data: { data: { id, text: '' } },
      responseOptions: { headers: { 'content-type': 'application/json' } },
    };
  })
  .persist();
pool
  .intercept({ path: '/linkedin/rest/posts', method: 'POST' })
  .reply(() => ({
    statusCode: 201,
    data: '',
    responseOptions: { headers: { 'x-restli-id': `urn:li:share:${next++}` } },
  }))
  .persist();
setGlobalDispatcher(agent);
