/**
 * Every route that takes a body or a query, fuzzed from its own schemas (see
 * test/route-fuzzer.ts): a route added later is fuzzed the day it is added.
 * Seeded, so a failure repeats: FUZZ_SEED and FUZZ_RUNS override the defaults;
 * `npm run bench:fuzz` is the long run.
 */
import { after, before, it } from 'node:test';
import { createProject } from '../src/domain/projects/projects.ts';
import { allRoutes } from '../src/routes/index.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { fixtureMaker } from './route-fixtures.ts';
import { FUZZ_SETTINGS, type FuzzEnv, fuzzRoute } from './route-fuzzer.ts';
import { hasInput, routeName } from './route-table.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 24_2411);

forEachDatabase('every route with a body or query, fuzzed from its schemas', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let env: FuzzEnv;
  const runs = Number(process.env.FUZZ_RUNS ?? (dialect === 'sqlite' ? 300 : 100));

  before(async () => {
    sim = await startSimulator();
    t = await startTestService(dialect, { settings: { ...FUZZ_SETTINGS, SIMULATOR_URL: sim.url } });
    const own = { projectId: t.projectId, accessKey: t.accessKey };
    const other = await createProject(t.ctx, 'other');
    env = { t, sim, own, other, theirs: fixtureMaker(t, sim, other) };
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  for (const route of allRoutes.filter(hasInput)) {
    it(`${routeName(route)}: ${runs} cases, never a 5xx it does not document, a refusal changes nothing`, async () => {
      await fuzzRoute(route, env, runs, SEED);
    });
  }
});
