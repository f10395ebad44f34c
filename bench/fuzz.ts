/**
 * The long run of the schema-driven fuzzer (test/route-fuzzer.ts): every route
 * that takes a body or a query, many cases each, on one database. Prints per
 * route the cases sent, how many were refused and the statuses seen, then the
 * totals. Stops at the first broken rule with the route, the case and the seed.
 *
 *   npm run bench:fuzz -- [--runs 2000] [--seed 1] [--db sqlite|postgres] [--route /v1/posts]
 */
import { parseArgs } from 'node:util';
import { createProject } from '../src/domain/projects/projects.ts';
import { allRoutes } from '../src/routes/index.ts';
import { startSimulator } from '../src/simulator/index.ts';
import type { Dialect } from '../src/store/db.ts';
import { startTestService } from '../test/harness.ts';
import { fixtureMaker } from '../test/route-fixtures.ts';
import { FUZZ_SETTINGS, fuzzRoute } from '../test/route-fuzzer.ts';
import { hasInput, routeName } from '../test/route-table.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '2000' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    db: { type: 'string', default: 'sqlite' },
    route: { type: 'string' },
  },
});
const runs = Number(values.runs);
const seed = Number(values.seed);
const dialect = values.db as Dialect;

const sim = await startSimulator();
const t = await startTestService(dialect, { settings: { ...FUZZ_SETTINGS, SIMULATOR_URL: sim.url } });
const own = { projectId: t.projectId, accessKey: t.accessKey };
const other = await createProject(t.ctx, 'other');
const env = { t, sim, own, other, theirs: fixtureMaker(t, sim, other) };
const routes = allRoutes.filter((r) => hasInput(r) && (!values.route || r.url.includes(values.route)));

console.log(`fuzzing ${routes.length} routes on ${dialect}, ${runs} cases each, seed ${seed}`);
const started = performance.now();
const totals = { cases: 0, refused: 0, byStatus: {} as Record<number, number> };
let failed = false;
try {
  for (const route of routes) {
    const t0 = performance.now();
    const stats = await fuzzRoute(route, env, runs, seed);
    totals.cases += stats.cases;
    totals.refused += stats.refused;
    for (const [s, n] of Object.entries(stats.byStatus))
      totals.byStatus[Number(s)] = (totals.byStatus[Number(s)] ?? 0) + n;
    const statuses = Object.entries(stats.byStatus)
      .map(([s, n]) => `${s}:${n}`)
      .join(' ');
    console.log(
      `${routeName(route).padEnd(58)} ${String(stats.cases).padStart(6)} cases ${String(stats.refused).padStart(6)} refused  ${((performance.now() - t0) / 1000).toFixed(1)}s  ${statuses}`,
    );
  }
} catch (err) {
  failed = true;
  console.error((err as Error).message);
} finally {
  await t.close();
  await sim.close();
}
const seconds = (performance.now() - started) / 1000;
const fivexx = Object.entries(totals.byStatus)
  .filter(([s]) => Number(s) >= 500)
  .reduce((n, [, c]) => n + c, 0);
console.log(
  `total: ${totals.cases} cases, ${totals.refused} refused, ${fivexx} answered 5xx (documented ones: 502/503), ${(totals.cases / seconds).toFixed(0)} cases/s in ${seconds.toFixed(1)}s`,
);
console.log(
  `statuses: ${Object.entries(totals.byStatus)
    .map(([s, n]) => `${s}:${n}`)
    .join(' ')}`,
);
process.exit(failed ? 1 : 0);
