/**
 * What is specific to Threads replies, against the simulator over real HTTP: a
 * reply post whose fresh container Threads answers "Media Not Found" for is
 * published again on the same container (one container, one reply), and a reply
 * to something that is not under the account's posts is refused as not found.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type Simulator, startSimulator } from '../../simulator/index.ts';
import type { SimContainer } from '../../simulator/platforms/_shared/meta-container.ts';
import { EngagementRefusal } from '../engagement.ts';
import type { AccountEnv } from '../module.ts';
import { threadsComments } from './comments.ts';

const USER = '25000000000000001';

let sim: Simulator;
let a: AccountEnv;

before(async () => {
  sim = await startSimulator();
  const { accessToken } = sim.issueTokens('threads', {
    accountId: USER,
    scopes: ['threads_basic', 'threads_manage_replies'],
    ttlSec: null,
  });
  a = {
    env: {
      platform: 'threads',
      client: { clientId: 'sim-threads-client', clientSecret: 'sim-threads-secret' },
      url: (_host, path) => `${sim.baseUrl('threads')}${path}`,
      redirectUri: 'http://127.0.0.1/callback',
      pdsUrl: '',
      timeoutMs: 10_000,
      now: () => new Date(),
    },
    account: { platformUserId: USER, accessToken, metadata: {} },
  };
});
after(() => sim.close());

it('publishes a reply again on the same container after "Media Not Found"', async () => {
  sim.state.createPost('threads', USER, { text: 'root' }, { id: '18000000000000001', kind: 'TEXT' });
  sim.state.collection('threads', 'settings').set('notFoundAfterFinish', 1);
  const id = await threadsComments.create(a, { postId: '18000000000000001', text: 'a reply' });
  const containers = [...sim.state.collection<SimContainer>('threads', 'containers').values()];
  assert.equal(containers.length, 1, 'one container');
  assert.equal(containers[0]?.params.reply_to_id, '18000000000000001');
  assert.equal(sim.calls.count({ platform: 'threads', method: 'POST', path: /threads_publish$/ }), 2);
  assert.equal(sim.state.getPost('threads', id)?.data.text, 'a reply');
  assert.equal(sim.countPosts('threads', { where: (p) => p.data.text === 'a reply' }), 1);
});

it('refuses a reply to a post that is not under the account as not found', async () => {
  await assert.rejects(
    threadsComments.create(a, { postId: '18999999999999999', text: 'hello?' }),
    (err) => err instanceof EngagementRefusal && err.kind === 'not_found',
  );
});
