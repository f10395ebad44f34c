import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { defaultClient, type Simulator, startSimulator } from './index.ts';
import { followAuthorize, pkcePair } from './testing.ts';
import { type Driver, drivers } from './testing-oauth.ts';

const REDIRECT = 'https://app.example/callback';

const authorizeUrl = (sim: Simulator, d: Driver, extra: Record<string, string> = {}): string => {
  const u = new URL(`${sim.baseUrl(d.platform)}${d.authorizePath}`);
  u.searchParams.set(d.clientIdParam ?? 'client_id', defaultClient(d.platform).clientId);
  u.searchParams.set('redirect_uri', REDIRECT);
  u.searchParams.set('scope', d.scope);
  u.searchParams.set('state', 'st-123');
  for (const [k, v] of Object.entries(extra)) u.searchParams.set(k, v);
  return u.toString();
};

const accessOf = (body: Record<string, unknown>): string => {
  const t = body['access_token'];
  assert.equal(typeof t, 'string', `no access_token in ${JSON.stringify(body)}`);
  return t as string;
};

/** Runs authorize (with PKCE) and returns the code and verifier. */
const getCode = async (sim: Simulator, d: Driver) => {
  const pkce = pkcePair();
  const a = await followAuthorize(
    authorizeUrl(sim, d, { code_challenge: pkce.challenge, code_challenge_method: 'S256' }),
  );
  assert.equal(a.status, 302);
  assert.ok(a.location?.startsWith(REDIRECT), `redirects to the app: ${a.location}`);
  assert.equal(a.params.get('state'), 'st-123');
  const code = a.params.get('code');
  assert.ok(code, `a code in ${a.location}`);
  return { code, verifier: pkce.verifier };
};

describe('simulator OAuth, every platform', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());
  beforeEach(() => sim.reset());

  for (const d of drivers) {
    describe(d.platform, () => {
      it('runs the code flow with PKCE and the token reads the default account', async () => {
        const { code, verifier } = await getCode(sim, d);
        const tok = await d.exchange(sim, { code, redirectUri: REDIRECT, verifier });
        assert.equal(tok.status, 200, JSON.stringify(tok.body));
        const me = await d.me(sim, accessOf(tok.body));
        assert.equal(me.status, 200, JSON.stringify(me.body));
        assert.equal(d.meId(me.body), sim.state.defaultAccount(d.platform).id);
        assert.equal(sim.calls.count({ platform: d.platform }) >= 3, true);
      });

      it('refuses a code used twice, and the tokens of the first use stop working', async () => {
        const { code, verifier } = await getCode(sim, d);
        const first = await d.exchange(sim, { code, redirectUri: REDIRECT, verifier });
        assert.equal(first.status, 200);
        const second = await d.exchange(sim, { code, redirectUri: REDIRECT, verifier });
        assert.ok(second.status >= 400, `second use refused: ${second.status}`);
        assert.equal(second.body.access_token, undefined);
        const me = await d.me(sim, accessOf(first.body));
        assert.ok(me.status >= 400, 'first tokens revoked after code replay');
      });

      it('refuses a wrong PKCE verifier, a missing one, a wrong redirect_uri and a wrong secret', async () => {
        // Pinterest's OAuth has no PKCE (its token request takes no code_verifier).
        if (sim.state.policy(d.platform).pkce !== 'unsupported') {
          const { code } = await getCode(sim, d);
          const wrong = await d.exchange(sim, { code, redirectUri: REDIRECT, verifier: pkcePair().verifier });
          assert.ok(wrong.status >= 400);
          const missing = await d.exchange(sim, { code, redirectUri: REDIRECT });
          assert.ok(missing.status >= 400);
        }
        const c2 = await getCode(sim, d);
        const badRedirect = await d.exchange(sim, {
          code: c2.code,
          redirectUri: 'https://evil.example/cb',
          verifier: c2.verifier,
        });
        assert.ok(badRedirect.status >= 400);
        const c3 = await getCode(sim, d);
        const badSecret = await d.exchange(sim, {
          code: c3.code,
          redirectUri: REDIRECT,
          verifier: c3.verifier,
          secret: 'nope',
        });
        assert.ok(badSecret.status >= 400);
        assert.equal(badSecret.body.access_token, undefined);
      });

      it('refuses when the user denies, the user refuses or the app refuses', async () => {
        const denied = await followAuthorize(authorizeUrl(sim, d, { sim_deny: '1' }));
        assert.equal(denied.status, 302);
        assert.ok(denied.params.get('error'));
        assert.equal(denied.params.get('code'), null);
        assert.equal(denied.params.get('state'), 'st-123');
        sim.state.defaultAccount(d.platform).refuse = true;
        const refused = await followAuthorize(authorizeUrl(sim, d));
        assert.ok(refused.params.get('error'));
        sim.state.defaultAccount(d.platform).refuse = false;
        sim.addApp(d.platform, { clientId: 'refusing', clientSecret: 's', refuse: true });
        const u = new URL(authorizeUrl(sim, d));
        u.searchParams.set(d.clientIdParam ?? 'client_id', 'refusing');
        assert.ok((await followAuthorize(u.toString())).params.get('error'));
      });

      it('shows an error page, no redirect, for an unknown client or unregistered redirect_uri', async () => {
        const u = new URL(authorizeUrl(sim, d));
        u.searchParams.set(d.clientIdParam ?? 'client_id', 'unknown-client');
        const unknown = await followAuthorize(u.toString());
        assert.equal(unknown.status, 400);
        assert.equal(unknown.location, null);
        sim.addApp(d.platform, {
          clientId: 'strict',
          clientSecret: 's',
          redirectUris: ['https://ok.example/cb'],
        });
        const v = new URL(authorizeUrl(sim, d));
        v.searchParams.set(d.clientIdParam ?? 'client_id', 'strict');
        assert.equal((await followAuthorize(v.toString())).status, 400);
      });

      it('answers an expired access token with the platform 401 body', async () => {
        const { code, verifier } = await getCode(sim, d);
        const tok = await d.exchange(sim, { code, redirectUri: REDIRECT, verifier });
        const token = accessOf(tok.body);
        // Instagram and Threads do not say the short-lived token's lifetime (1 h).
        const ttl = tok.body.expires_in ?? sim.state.policy(d.platform).accessTtlSec;
        assert.equal(typeof ttl, 'number');
        assert.equal((await d.me(sim, token)).status, 200);
        sim.clock.advance((ttl + 1) * 1000);
        const me = await d.me(sim, token);
        assert.ok(me.status === 401 || me.status === 400, `status ${me.status}`);
        // The same answer every time, apart from trace ids (Meta fbtrace_id, TikTok log_id).
        const strip = (b: unknown) => JSON.stringify(b).replace(/"(fbtrace_id|log_id)":"[^"]*"/g, '');
        assert.equal(strip(me.body), strip((await d.me(sim, token)).body));
        assert.equal(me.body.access_token, undefined);
      });

      if (d.refresh) {
        const refresh = d.refresh;
        it(
          d.rotates ? 'rotates refresh tokens and refuses a reused one' : 'refreshes without rotating',
          async () => {
            const { code, verifier } = await getCode(sim, d);
            const tok = await d.exchange(sim, { code, redirectUri: REDIRECT, verifier });
            const rt = tok.body.refresh_token as string;
            assert.ok(rt, 'a refresh token');
            const r1 = await refresh(sim, rt);
            assert.equal(r1.status, 200, JSON.stringify(r1.body));
            const newAccess = accessOf(r1.body);
            assert.notEqual(newAccess, accessOf(tok.body));
            assert.equal((await d.me(sim, newAccess)).status, 200);
            const r2 = await refresh(sim, rt);
            if (d.rotates) {
              assert.ok(r1.body.refresh_token && r1.body.refresh_token !== rt, 'a new refresh token');
              assert.equal(r2.status, 400, 'old refresh token is dead');
              assert.equal(r2.body.access_token, undefined);
              const r3 = await refresh(sim, r1.body.refresh_token);
              assert.equal(r3.status, 200);
            } else {
              assert.equal(r2.status, 200, 'a non-rotating refresh token works again');
            }
            const bogus = await refresh(sim, 'not-a-token');
            assert.equal(bogus.status, 400);
          },
        );
      }
    });
  }
});
