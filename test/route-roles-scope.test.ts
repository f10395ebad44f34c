/**
 * Roles and profile scope, generated from the route table like the authentication and
 * isolation tests (docs/generated-route-tests.md), so a route added later is covered the
 * day it is added. Every route declares its access level; a key of each role answers
 * 403 exactly when its role does not reach the route's level. A key limited to profile A
 * gets, for every id of a record of profile B of the same project, the answer an id that
 * never existed gets; and no answer it gets names any of B's records. Both databases.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createAccessKey } from '../src/domain/projects/keys.ts';
import { ROLES, roleAllows } from '../src/domain/teams/roles.ts';
import type { AnyRoute } from '../src/http/route.ts';
import { allRoutes } from '../src/routes/index.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { fixtureMaker, type Project } from './route-fixtures.ts';
import { assertHiddenIdsLikeMissing, send } from './route-requests.ts';
import { type IdKind, needsKey, routeName, type SampleRequest, sampleRequest } from './route-table.ts';

const ROLE_REFUSAL = /needs [a-z]+ access; the access key has the [a-z]+ role/;

/**
 * Kinds that belong to the project, not to a profile: a limited caller reaches them all
 * (apps) or none of them (the media library, whose files may be used by any profile's posts).
 */
const PROJECT_WIDE = new Set<IdKind>(['app', 'media']);

forEachDatabase('every route: roles and profile scope', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let own: Project;
  const routes = allRoutes.filter(needsKey);

  before(async () => {
    sim = await startSimulator();
    // The api role alone: no worker changes rows behind the comparisons.
    t = await startTestService(dialect, { settings: { ROLE: 'api', SIMULATOR_URL: sim.url } });
    own = { projectId: t.projectId, accessKey: t.accessKey };
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  it('declares the access level of every route that needs a key', () => {
    for (const route of routes)
      assert.ok(
        route.access !== undefined,
        `${routeName(route)} does not say which access level it needs (access: 'read' | 'draft' | 'publish' | 'manage' | 'own')`,
      );
  });

  it("answers 403 exactly when the key's role does not reach the route's level", async () => {
    const keys = new Map<string, string>();
    for (const role of ROLES)
      keys.set(role, (await createAccessKey(t.ctx, own.projectId, `role ${role}`, { role })).accessKey);
    let denied = 0;
    for (const route of routes) {
      const level = route.access ?? 'read';
      // Records made afresh per route: an allowed request may delete or change them.
      const req = await sampleRequest(route, fixtureMaker(t, sim, own));
      // The least role first: a denied request changes nothing the next role needs.
      for (const role of [...ROLES].reverse()) {
        const res = await send(t, route, req, keys.get(role));
        const where = `${routeName(route)} (${level}) with a ${role} key`;
        // A route may answer 403 for a reason of its own (an account that needs reconnecting), never for the role.
        const refused = res.status === 403 && ROLE_REFUSAL.test(res.text);
        if (roleAllows(role, level)) {
          assert.ok(!refused, `${where} was refused for its role: ${res.text}`);
        } else {
          assert.equal(res.status, 403, `${where} answered ${res.status}: ${res.text}`);
          assert.match(
            res.text,
            new RegExp(`needs ${level} access; the access key has the ${role} role`),
            where,
          );
          denied++;
        }
      }
    }
    assert.ok(denied > routes.length, `only ${denied} requests were denied`);
  });

  it("answers the ids of another profile's records like ids that never existed, and names none of them", async () => {
    const profileB = await fixtureMaker(t, sim, own)('profile', 'twitter');
    // B's records first, every kind any route names, to look for in every answer.
    const theirs = fixtureMaker(t, sim, own, { profileId: profileB });
    const plans = new Map<AnyRoute, SampleRequest>();
    const hidden = new Set<string>([profileB]);
    for (const route of routes) {
      const plan = await sampleRequest(route, async () => 'planned');
      plans.set(route, plan);
      for (const slot of plan.slots)
        if (!PROJECT_WIDE.has(slot.kind)) hidden.add(await theirs(slot.kind, slot.platform));
    }
    let checked = 0;
    for (const route of routes) {
      // Profile A and the key limited to it made afresh per route: the route may delete the profile.
      const profileA = await fixtureMaker(t, sim, own)('profile', 'twitter');
      const limited = (
        await createAccessKey(t.ctx, own.projectId, 'limited to A', { profileIds: [profileA] })
      ).accessKey;
      const mine = fixtureMaker(t, sim, own, { profileId: profileA });
      if (plans.get(route)!.slots.length > 0)
        checked += await assertHiddenIdsLikeMissing({
          t,
          route,
          key: limited,
          mine,
          theirs,
          shared: PROJECT_WIDE,
        });
      // Whatever the route answers the limited key (a list above all), it names none of B's records.
      const res = await send(t, route, await sampleRequest(route, mine), limited);
      for (const id of hidden)
        assert.ok(
          !res.text.includes(id),
          `${routeName(route)} named ${id} of profile B to a key limited to A`,
        );
    }
    assert.ok(checked >= 10, `only ${checked} id fields were checked`);
  });
});
