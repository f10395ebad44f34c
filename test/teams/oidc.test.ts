/**
 * Sign-in through an OpenID Connect provider: a small provider on loopback (discovery,
 * authorize, token with an RS256 ID token) that checks the PKCE verifier and echoes
 * the nonce. A verified e-mail of a member signs in; an unverified one, or one of
 * nobody here, goes back to the sign-in page with the reason.
 */
import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { addMember, anonymous, asMember, cookieOf, TEAM_SETTINGS } from './members-fixture.ts';

interface FakeProvider {
  url: string;
  /** The e-mail and whether it is verified, for the next sign-ins. */
  user: { email: string; verified: boolean };
  close(): Promise<void>;
}

async function startProvider(): Promise<FakeProvider> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const codes = new Map<string, { nonce: string; challenge: string; clientId: string }>();
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const provider: FakeProvider = { url: '', user: { email: '', verified: true }, close: async () => {} };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', provider.url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration')
      return json(200, {
        issuer: provider.url,
        authorization_endpoint: `${provider.url}/authorize`,
        token_endpoint: `${provider.url}/token`,
        jwks_uri: `${provider.url}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    if (url.pathname === '/authorize') {
      const code = randomUUID();
      codes.set(code, {
        nonce: url.searchParams.get('nonce') ?? '',
        challenge: url.searchParams.get('code_challenge') ?? '',
        clientId: url.searchParams.get('client_id') ?? '',
      });
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      back.searchParams.set('iss', provider.url);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      const grant = codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!grant || challenge !== grant.challenge || form.get('client_secret') !== 'sso-secret')
        return json(400, { error: 'invalid_grant' });
      codes.delete(form.get('code') ?? '');
      const now = Math.floor(Date.now() / 1000);
      const head = b64({ alg: 'RS256', typ: 'JWT', kid: 'k1' });
      const claims = b64({
        iss: provider.url,
        sub: provider.user.email,
        aud: grant.clientId,
        iat: now,
        exp: now + 300,
        nonce: grant.nonce,
        email: provider.user.email,
        email_verified: provider.user.verified,
      });
      const signature = sign('sha256', Buffer.from(`${head}.${claims}`), privateKey).toString('base64url');
      return json(200, {
        access_token: 'at',
        token_type: 'Bearer',
        id_token: `${head}.${claims}.${signature}`,
      });
    }
    json(404, {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider.close = () => new Promise((r) => server.close(() => r()));
  return provider;
}

forEachDatabase('Sign-in through an OpenID Connect provider', (dialect) => {
  let t: TestService;
  let idp: FakeProvider;
  before(async () => {
    idp = await startProvider();
    t = await startTestService(dialect, {
      settings: {
        ...TEAM_SETTINGS,
        OIDC_ISSUER: idp.url,
        OIDC_CLIENT_ID: 'sso-client',
        OIDC_CLIENT_SECRET: 'sso-secret',
        OIDC_LABEL: 'Acme SSO',
      },
    });
  });
  after(async () => {
    await t.close();
    await idp.close();
  });

  /** Start → the provider → the callback URL it sends the browser back to, and the browser's cookie. */
  async function toProvider(ip = '127.0.0.1') {
    const start = await t.service.server!.inject({
      method: 'GET',
      url: '/v1/auth/oidc/start',
      remoteAddress: ip,
    });
    assert.equal(start.statusCode, 302, start.body);
    const authorize = String(start.headers.location);
    assert.ok(authorize.startsWith(`${idp.url}/authorize?`));
    assert.match(authorize, /code_challenge_method=S256/);
    const atIdp = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(atIdp.headers.get('location') ?? '');
    const setCookie = String(start.headers['set-cookie'] ?? '');
    return { callback: `${back.pathname}${back.search}`, cookie: setCookie.split(';')[0] ?? '', setCookie };
  }

  /** The whole round trip in one browser; answers the callback's answer. */
  async function roundTrip() {
    const { callback, cookie } = await toProvider();
    return asMember(t, cookie, 'GET', callback);
  }

  it('the sign-in page learns the provider; a verified member e-mail signs in', async () => {
    const methods = await anonymous(t, 'GET', '/v1/auth/methods');
    assert.deepEqual(methods.body.oidc, { label: 'Acme SSO', startUrl: '/v1/auth/oidc/start' });
    await addMember(t, 'sso@example.com', 'editor');
    idp.user = { email: 'SSO@example.com', verified: true };
    const res = await roundTrip();
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, '/');
    const me = await asMember(t, cookieOf(res), 'GET', '/v1/auth/session');
    assert.equal(me.status, 200);
    assert.equal(me.body.session.email, 'sso@example.com');
    assert.equal(me.body.session.role, 'editor');
  });

  it('refuses an e-mail the provider did not verify, and one of nobody here, without a session', async () => {
    idp.user = { email: 'sso@example.com', verified: false };
    const unverified = await roundTrip();
    assert.equal(unverified.status, 302);
    assert.match(String(unverified.headers.location), /^\/\?signInError=.*email_verified/);
    assert.doesNotMatch(String(unverified.headers['set-cookie'] ?? ''), /sps_session=sess_/);
    idp.user = { email: 'stranger@example.com', verified: true };
    const stranger = await roundTrip();
    assert.match(
      decodeURIComponent(String(stranger.headers.location)),
      /stranger@example\.com is not a member/,
    );
  });

  it('a state used once, or never issued, is refused', async () => {
    const res = await anonymous(t, 'GET', '/v1/auth/oidc/callback?code=x&state=spt_forged');
    assert.equal(res.status, 302);
    assert.match(decodeURIComponent(String(res.headers.location)), /not valid/);
  });

  it('binds the state to the browser that started: a callback opened in another browser signs nobody in', async () => {
    idp.user = { email: 'sso@example.com', verified: true };
    const started = await toProvider();
    assert.match(started.setCookie, /HttpOnly/);
    assert.match(started.setCookie, /SameSite=Lax/);
    assert.match(started.setCookie, /Path=\/v1\/auth\/oidc/);
    // Person B opens A's callback URL: B's browser has no cookie, or a cookie of its own start.
    const bare = await anonymous(t, 'GET', started.callback);
    assert.equal(bare.status, 302);
    assert.match(decodeURIComponent(String(bare.headers.location)), /signInError=.*browser/);
    assert.doesNotMatch(String(bare.headers['set-cookie'] ?? ''), /sps_session=sess_/);
    // The refused state is used up: not even A's browser finishes it now.
    const late = await asMember(t, started.cookie, 'GET', started.callback);
    assert.match(decodeURIComponent(String(late.headers.location)), /not valid/);
    const a = await toProvider();
    const b = await toProvider();
    const crossed = await asMember(t, b.cookie, 'GET', a.callback);
    assert.match(decodeURIComponent(String(crossed.headers.location)), /signInError=.*browser/);
    assert.doesNotMatch(String(crossed.headers['set-cookie'] ?? ''), /sps_session=sess_/);
    // The browser that started still finishes its own.
    const own = await asMember(t, b.cookie, 'GET', b.callback);
    assert.equal(own.headers.location, '/');
    assert.match(String(own.headers['set-cookie']), /sps_session=sess_/);
  });

  it('caps the open sign-ins one address can start', async () => {
    const cap = t.ctx.config.OIDC_STARTS_PER_ADDRESS;
    const start = (ip: string) =>
      t.service.server!.inject({ method: 'GET', url: '/v1/auth/oidc/start', remoteAddress: ip });
    for (let i = 0; i < cap; i++) assert.equal((await start('10.77.0.1')).statusCode, 302);
    const over = await start('10.77.0.1');
    assert.equal(over.statusCode, 429, over.body);
    assert.ok(Number(over.headers['retry-after']) > 0);
    assert.equal((await start('10.77.0.2')).statusCode, 302);
    const open = await t.ctx.store.db
      .selectFrom('account_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('requested_by', '=', '10.77.0.1')
      .executeTakeFirstOrThrow();
    assert.equal(Number(open.n), cap);
  });
});
