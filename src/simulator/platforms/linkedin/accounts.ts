/**
 * LinkedIn identity and organizations: `GET /v2/userinfo` (OpenID), `GET /v2/me`,
 * `GET /rest/organizationAcls?q=roleAssignee[&role=ADMINISTRATOR][&state=APPROVED]`,
 * `GET /rest/organizations/{id}` and `GET /rest/organizations?ids=List(1,2)`.
 * `/rest/` calls require the `LinkedIn-Version: YYYYMM` header (426 for an inactive one).
 */
import { authOf, json } from '../../core/http.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import type { SimOrganization } from '../../core/types.ts';
import { versionProblem } from './version.ts';

const orgView = (o: SimOrganization) => ({
  id: Number(o.id),
  localizedName: o.name,
  vanityName: o.vanityName,
  name: { localized: { en_US: o.name }, preferredLocale: { country: 'US', language: 'en' } },
  logoV2: { original: `urn:li:digitalmediaAsset:logo${o.id}` },
  $URN: `urn:li:organization:${o.id}`,
});

const notFound = () => json(404, { status: 404, code: 'NOT_FOUND', message: 'Not Found' });

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get(
    '/v2/userinfo',
    (req) => {
      const a = authOf(req).account;
      const [given, ...rest] = a.name.split(' ');
      return json(200, {
        sub: a.id,
        email_verified: true,
        name: a.name,
        // A string on the OpenID page (unlike the {country, language} locales under /rest).
        locale: 'en-US',
        given_name: given ?? a.name,
        family_name: rest.join(' '),
        email: a.email,
        picture: a.avatarUrl,
      });
    },
    { auth: true },
  );

  r.get(
    '/v2/me',
    (req) => {
      const a = authOf(req).account;
      const [given, ...rest] = a.name.split(' ');
      return json(200, {
        id: a.id,
        localizedFirstName: given ?? a.name,
        localizedLastName: rest.join(' '),
        vanityName: a.username,
      });
    },
    { auth: true },
  );

  r.get(
    '/rest/organizationAcls',
    (req) => {
      const bad = versionProblem(req, new Date(sim.clock.now()));
      if (bad) return bad;
      if (req.query['q'] !== 'roleAssignee') {
        return json(400, {
          status: 400,
          code: 'ILLEGAL_ARGUMENT',
          message: 'Invalid query parameters passed to request',
        });
      }
      const a = authOf(req).account;
      const role = req.query['role'];
      const state = req.query['state'];
      const elements = (a.organizations ?? [])
        .filter((o) => role === undefined || o.role === role)
        .filter(() => state === undefined || state === 'APPROVED')
        .map((o) => ({
          roleAssignee: `urn:li:person:${a.id}`,
          state: 'APPROVED',
          role: o.role,
          organization: `urn:li:organization:${o.id}`,
        }));
      const start = Number(req.query['start'] ?? '0') || 0;
      const count = Number(req.query['count'] ?? '10') || 10;
      return json(200, {
        paging: { start, count, links: [], total: elements.length },
        elements: elements.slice(start, start + count),
      });
    },
    { auth: true },
  );

  const findOrg = (id: string): SimOrganization | undefined =>
    sim.state
      .accountsOf('linkedin')
      .flatMap((a) => a.organizations ?? [])
      .find((o) => o.id === id);

  r.get(
    '/rest/organizations/:id',
    (req) => {
      const bad = versionProblem(req, new Date(sim.clock.now()));
      if (bad) return bad;
      const o = findOrg(req.params['id'] ?? '');
      return o ? json(200, orgView(o)) : notFound();
    },
    { auth: true },
  );

  r.get(
    '/rest/organizations',
    (req) => {
      const bad = versionProblem(req, new Date(sim.clock.now()));
      if (bad) return bad;
      const m = /^List\((.*)\)$/.exec(req.query['ids'] ?? '');
      if (!m) return json(400, { status: 400, code: 'ILLEGAL_ARGUMENT', message: 'ids must be List(...)' });
      const results: Record<string, unknown> = {};
      const errors: Record<string, unknown> = {};
      for (const id of (m[1] ?? '').split(',').filter((s) => s)) {
        const o = findOrg(id);
        if (o) results[id] = orgView(o);
        else errors[id] = { status: 404, message: 'Not Found' };
      }
      return json(200, { results, statuses: {}, errors });
    },
    { auth: true },
  );
};
