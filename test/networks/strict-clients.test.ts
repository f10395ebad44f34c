/**
 * The platform set stays safe for strict clients (docs/openapi-conformance.md,
 * "Platforms beyond the contract's ten"): a client generated from the contract holds
 * `Platform` as a closed enum of ten values. A project that never connected an
 * account on an added network must never see one of its values: every route of the
 * route table is sent the generated request of the route suites (test/route-table.ts)
 * for such a project, and each answer is validated against the route's own answer
 * schema with every Platform enum narrowed to the contract's ten, and searched for
 * an added value anywhere (a value, or a key). The OpenAPI document itself is left
 * out: it describes the added values, for clients generated from it.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { SANDBOX_TELEGRAM } from '../../src/facts/sandbox-app.ts';
import type { AnyRoute } from '../../src/http/route.ts';
import { CONTRACT_PLATFORMS, PLATFORMS } from '../../src/platforms/names.ts';
import { allRoutes } from '../../src/routes/index.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { authorize, connectLikeAUser, visitService } from '../connect/helpers.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { fixtureMaker, type Project } from '../route-fixtures.ts';
import { send } from '../route-requests.ts';
import { needsKey, routeName, sampleRequest } from '../route-table.ts';
import { addedValuesIn, refusedUnderTen, type Schema } from './ten-value-contract.ts';

/** Routes whose answer is not data of the project: the OpenAPI document describes every value. */
const DESCRIBES_EVERYTHING = (r: AnyRoute) => /openapi|\/docs/.test(r.url);

forEachDatabase('a project that used only the ten platforms sees only the ten', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let own: Project;

  before(async () => {
    sim = await startSimulator();
    t = await startTestService(dialect, { settings: { ROLE: 'api', SIMULATOR_URL: sim.url } });
    own = { projectId: t.projectId, accessKey: t.accessKey };
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  it('answers no value beyond the ten on any route, and every answer passes the ten-value contract', async () => {
    const problems: string[] = [];
    let checked = 0;
    const routes = allRoutes.filter((r) => needsKey(r) && !DESCRIBES_EVERYTHING(r));
    for (const route of routes) {
      const req = await sampleRequest(route, fixtureMaker(t, sim, own));
      const res = await send(t, route, req, own.accessKey);
      const where = `${routeName(route)} ${res.status}`;
      for (const found of addedValuesIn(res.body)) problems.push(`${where}: ${found}`);
      const schema = (route.response as Record<string, Schema> | undefined)?.[res.status];
      if (schema && res.body !== undefined) {
        const refused = refusedUnderTen(schema, res.body);
        if (refused) problems.push(`${where}: not valid under the ten-value contract: ${refused}`);
        checked++;
      }
    }
    assert.deepEqual(problems, []);
    assert.ok(
      checked > routes.length / 2,
      `only ${checked} of ${routes.length} answers had a schema to check`,
    );
  });

  it('GET /v1/platforms answers the ten; all=true every platform', async () => {
    const ten = await t.request('GET', '/v1/platforms');
    assert.deepEqual(
      ten.body.platforms.map((p: { name: string }) => p.name),
      [...CONTRACT_PLATFORMS],
    );
    const all = await t.request('GET', '/v1/platforms?all=true');
    assert.deepEqual(
      all.body.platforms.map((p: { name: string }) => p.name),
      [...PLATFORMS],
    );
    assert.equal((await t.request('GET', '/v1/platforms?all=maybe')).status, 400);
  });

  it('a project that connected an added network sees its value where its account appears', async () => {
    const res = await t.request('POST', '/v1/connect/telegram/auth', SANDBOX_TELEGRAM);
    assert.equal(res.status, 200, res.text);
    const list = await t.request('GET', '/v1/connect/integrations');
    assert.ok(list.body.integrations.some((i: { platform: string }) => i.platform === 'telegram'));
    // An OAuth network: connecting through GET /v1/connect/discord is the use.
    const back = await connectLikeAUser(t, 'discord');
    assert.ok(back.searchParams.get('integrationId'), back.toString());
    const after = await t.request('GET', '/v1/connect/integrations?platform=discord');
    assert.equal(after.body.integrations.length, 1);
    // Mastodon by OAuth on the sandbox instance: its account appears the same way.
    const start = await t.request('GET', '/v1/connect/mastodon?redirectUri=https://client.example/done');
    assert.equal(start.status, 200, start.text);
    const done = await visitService(t, await authorize(start.body.url));
    assert.equal(done.status, 302, done.text);
    const withMastodon = await t.request('GET', '/v1/connect/integrations');
    assert.ok(withMastodon.body.integrations.some((i: { platform: string }) => i.platform === 'mastodon'));
  });
});
