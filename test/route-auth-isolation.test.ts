/**
 * Authentication and isolation, generated from the route table so that a route
 * added later is covered the day it is added: every route that needs a key answers
 * 401 without one, with a malformed one and with a revoked one; and every id a
 * request carries (path parameters, query and body fields named like ids) answers
 * the same for another project's id as for an id that never existed (404 or 400,
 * revealing nothing), with the other project's rows unchanged. Both databases.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createAccessKey, revokeAccessKey } from '../src/domain/projects/keys.ts';
import { createProject } from '../src/domain/projects/projects.ts';
import { type AnyRoute, errorFamilyForPath } from '../src/http/route.ts';
import { allRoutes } from '../src/routes/index.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { fixtureMaker, type Project, projectRows, rowCounts } from './route-fixtures.ts';
import { assertHiddenIdsLikeMissing, send } from './route-requests.ts';
import { needsKey, routeName, type SampleRequest, sampleRequest } from './route-table.ts';

/**
 * The routes that answer without a key, each for a reason: the readiness and liveness probes, and
 * the OAuth callback the platform sends the user's browser to (it is bound to the
 * project by its one-time state). Declaring another public route means adding it here.
 */
const PUBLIC_ROUTES = new Set([
  'GET /v1/health',
  // Liveness for supervisors: it reads nothing, the database included.
  'GET /v1/health/live',
  'GET /v1/connect/:platform/callback',
  // The signed upload URL and the public file URL are credentials in themselves
  // (src/routes/media/media.test.ts refuses a missing, altered or expired signature).
  'PUT /v1/media/uploads/:id',
  'GET /v1/media/files/:id/:filename',
  // Meta's webhooks callback: the verify token (handshake) and X-Hub-Signature-256 (deliveries)
  // are the credentials (src/routes/inbound-engagement/meta-webhook.test.ts refuses wrong ones).
  'GET /v1/webhooks/meta',
  'POST /v1/webhooks/meta',
  // Signing in, and the one-time links (invitation, password reset) people follow before
  // they have a session: the password or the link's token is the credential.
  'POST /v1/auth/sign-in',
  'POST /v1/auth/password-reset',
  'POST /v1/auth/password-reset/complete',
  'GET /v1/auth/invitations/:token',
  'POST /v1/auth/invitations/:token/accept',
  // What the sign-in page offers, and the identity provider's round trip (bound by its one-time state).
  'GET /v1/auth/methods',
  'GET /v1/auth/oidc/start',
  'GET /v1/auth/oidc/callback',
  // A client review link's token is the credential of people without an account (the
  // link can be revoked and expires; test/approval/review-links.test.ts).
  'GET /v1/review/:token',
  'POST /v1/review/:token/decisions',
]);

forEachDatabase('every route: authentication and isolation', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let own: Project;
  let other: Project;
  let revokedKey: string;
  const routes = allRoutes.filter(needsKey);

  before(async () => {
    sim = await startSimulator();
    // The api role alone: no worker changes rows behind the comparisons.
    t = await startTestService(dialect, { settings: { ROLE: 'api', SIMULATOR_URL: sim.url } });
    own = { projectId: t.projectId, accessKey: t.accessKey };
    other = await createProject(t.ctx, 'other');
    const revoked = await createAccessKey(t.ctx, own.projectId, 'revoked');
    await revokeAccessKey(t.ctx, revoked.keyId);
    revokedKey = revoked.accessKey;
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  it('declares no public route beyond the listed ones', () => {
    for (const route of allRoutes.filter((r) => !needsKey(r) && r.url.startsWith('/v1')))
      assert.ok(
        PUBLIC_ROUTES.has(routeName(route)),
        `${routeName(route)} answers without an access key (auth: false); if it must, add it to PUBLIC_ROUTES in test/route-auth-isolation.test.ts with the reason`,
      );
  });

  it('answers 401 without a key, with a malformed key and with a revoked key, changing nothing', async () => {
    const ids = fixtureMaker(t, sim, own);
    const requests = new Map<AnyRoute, SampleRequest>();
    for (const route of routes) requests.set(route, await sampleRequest(route, ids));
    const counts = await rowCounts(t.ctx);
    const keys: [string, string | undefined][] = [
      ['no key', undefined],
      ['an empty key', ''],
      ['a malformed key', 'not a key'],
      ['a key of the right shape that was never issued', `sps_${'A'.repeat(43)}`],
      ['an oversized key', `sps_${'x'.repeat(5000)}`],
      ['a revoked key', revokedKey],
    ];
    for (const route of routes) {
      for (const [label, key] of keys) {
        // A route whose one-time path token is the credential (auth: 'optional') needs no key,
        // but one that is sent is checked like anywhere else.
        if (!key && route.auth === 'optional') continue;
        const res = await send(t, route, requests.get(route)!, key);
        const where = `${routeName(route)} with ${label}`;
        assert.equal(res.status, 401, `${where} answered ${res.status}: ${res.text}`);
        if (errorFamilyForPath(route.url) === 'A')
          assert.ok(
            res.body?.success === false && /access key|x-access-key/.test(res.body.message),
            `${where}: ${res.text}`,
          );
        else assert.ok(/access key|x-access-key/.test(res.body?.error), `${where}: ${res.text}`);
      }
    }
    assert.deepEqual(await rowCounts(t.ctx), counts, 'a request without a valid key changed the database');
  });

  it("answers another project's ids exactly like ids that never existed, and leaves its rows alone", async () => {
    const theirs = fixtureMaker(t, sim, other);
    // Their records first (every kind any route names), so their rows can be compared route after route.
    const plans = new Map<AnyRoute, SampleRequest>();
    for (const route of routes) {
      const plan = await sampleRequest(route, async () => 'planned');
      plans.set(route, plan);
      for (const slot of plan.slots) await theirs(slot.kind, slot.platform);
    }
    const theirRows = await projectRows(t.ctx, other.projectId);
    let checked = 0;
    for (const route of routes) {
      if (plans.get(route)!.slots.length === 0) continue;
      // Records of our own made afresh per route: the route may delete or change them.
      const mine = fixtureMaker(t, sim, own);
      checked += await assertHiddenIdsLikeMissing({ t, route, key: own.accessKey, mine, theirs });
      assert.deepEqual(
        await projectRows(t.ctx, other.projectId),
        theirRows,
        `${routeName(route)} changed another project's rows`,
      );
    }
    assert.ok(checked >= 10, `only ${checked} id fields were found in the route table`);
  });
});
