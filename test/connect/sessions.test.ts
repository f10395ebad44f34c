/**
 * Hosted connect sessions through the HTTP stack and the simulator: every documented
 * error of POST /v1/connect/sessions, and the page's flow as a browser without
 * scripts would walk it (links, redirects, forms): OAuth for X, a Bluesky app
 * password, a Google Business location choice, Done to the redirectUri with the ids;
 * expired, used and unknown links.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createProject } from '../../src/domain/projects/projects.ts';
import { forEachDatabase, type TestResponse, type TestService } from '../harness.ts';
import { authorize, type ConnectEnv, startConnectEnv, visitService } from './helpers.ts';

const DONE = 'https://client.example/done';
const NO_KEY = { 'x-access-key': '' };
const FORM = { ...NO_KEY, 'content-type': 'application/x-www-form-urlencoded' };

async function newSession(t: TestService, body: Record<string, unknown> = {}): Promise<string> {
  const res = await t.request('POST', '/v1/connect/sessions', {
    platforms: ['twitter', 'bluesky', 'googlebusiness'],
    redirectUri: DONE,
    branding: { name: 'Acme Social', accentColor: '#1d4ed8', logoUrl: 'https://cdn.acme.example/logo.png' },
    ...body,
  });
  assert.equal(res.status, 201, res.text);
  return new URL(res.body.url).pathname;
}

/** Where a 30x answer sends the browser, as a path of the service or a full URL elsewhere. */
const locationOf = (res: TestResponse) => String(res.headers.location);

forEachDatabase('hosted connect sessions', (dialect) => {
  let env: ConnectEnv;
  before(async () => {
    env = await startConnectEnv(dialect);
  });
  after(() => env.close());

  it('answers a single-use URL that expires; refuses bad input with a clear error', async () => {
    const { t } = env;
    const res = await t.request('POST', '/v1/connect/sessions', {
      platforms: ['twitter'],
      redirectUri: DONE,
    });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), ['expiresAt', 'success', 'url']);
    // Built on PUBLIC_URL (the address people reach the service at).
    assert.ok(res.body.url.startsWith(`${t.ctx.config.PUBLIC_URL}/connect/s/`), res.body.url);
    assert.match(res.body.url, /^http:\/\/[^/]+:\d+\/connect\/s\/cs_[A-Za-z0-9_-]{40,}$/);
    const ttl = Date.parse(res.body.expiresAt) - Date.now();
    assert.ok(ttl > 0 && ttl <= t.ctx.config.CONNECT_SESSION_TTL_SECONDS * 1000);
    const token = res.body.url.split('/').pop();
    const rows = await t.ctx.store.db.selectFrom('connect_sessions').select('id').execute();
    assert.ok(
      rows.every((r) => r.id !== token && !r.id.includes(token)),
      'only the hash is stored',
    );

    const bad = async (body: unknown, status: number, pattern: RegExp) => {
      const r = await t.request('POST', '/v1/connect/sessions', body);
      assert.equal(r.status, status, `${JSON.stringify(body)}: ${r.text}`);
      assert.deepEqual(Object.keys(r.body), ['error']);
      assert.match(r.body.error, pattern);
    };
    await bad({ platforms: ['twitter'], redirectUri: 'http://client.example/done' }, 400, /must use https/);
    await bad({ platforms: ['twitter'], redirectUri: 'ftp://client.example/done' }, 400, /https/);
    await bad({ platforms: [], redirectUri: DONE }, 400, /platforms/);
    await bad({ platforms: ['myspace'], redirectUri: DONE }, 400, /platforms/);
    await bad(
      { platforms: ['twitter'], redirectUri: DONE, branding: { logoUrl: 'http://cdn.example/l.png' } },
      400,
      /logoUrl must be an https URL/,
    );
    await bad(
      { platforms: ['twitter'], redirectUri: DONE, branding: { accentColor: 'red;}body{display:none' } },
      400,
      /accentColor/,
    );
    await bad(
      { platforms: ['twitter'], redirectUri: DONE, apps: { linkedin: 'app_x' } },
      400,
      /apps: linkedin is not among platforms/,
    );
    await bad(
      { platforms: ['twitter'], redirectUri: DONE, profileId: 'prof_nope' },
      404,
      /Profile not found/,
    );
    await bad(
      { platforms: ['twitter'], redirectUri: DONE, apps: { twitter: 'app_nope' } },
      404,
      /App not found/,
    );
    // Plain http is fine for the integrator's own machine.
    const local = await t.request('POST', '/v1/connect/sessions', {
      platforms: ['twitter'],
      redirectUri: 'http://127.0.0.1:5173/done',
    });
    assert.equal(local.status, 201, local.text);
    const noKey = await t.request(
      'POST',
      '/v1/connect/sessions',
      { platforms: ['twitter'], redirectUri: DONE },
      NO_KEY,
    );
    assert.equal(noKey.status, 401);
  });

  it('a platform the service has no app for, and no entry of apps names one, is 503', async () => {
    const other = await startConnectEnv(dialect, { SANDBOX: 'off' });
    try {
      const r = await other.t.request('POST', '/v1/connect/sessions', {
        platforms: ['twitter'],
        redirectUri: DONE,
      });
      assert.equal(r.status, 503, r.text);
      assert.match(r.body.error, /twitter is not configured/);
    } finally {
      await other.close();
    }
  });

  it('connects X by OAuth, Bluesky by app password and chosen Google Business locations, then returns the ids', async () => {
    const { t } = env;
    const path = await newSession(t);
    const page = await t.request('GET', path, undefined, NO_KEY);
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-type']), /text\/html/);
    assert.match(page.text, /Acme Social asks to publish/);
    assert.match(page.text, /Google Business Profile/);
    const csp = String(page.headers['content-security-policy']);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /form-action 'self' https:\/\/client\.example/);
    assert.equal(page.headers['referrer-policy'], 'no-referrer');
    assert.equal(page.headers['cache-control'], 'no-store');

    // X: the platform's authorization, then back to the page.
    const start = await t.request('GET', `${path}/start/twitter`, undefined, NO_KEY);
    assert.equal(start.status, 303, start.text);
    const back = await visitService(t, await authorize(locationOf(start)));
    assert.equal(back.status, 302, back.text);
    const returned = new URL(locationOf(back));
    assert.equal(returned.pathname, path);
    assert.match(returned.searchParams.get('integrationId') ?? '', /^int_/);
    const shown = await t.request('GET', `${returned.pathname}${returned.search}`, undefined, NO_KEY);
    assert.match(shown.text, /Connected:/);

    // Bluesky: a wrong password says so on the page; the right one connects.
    const wrong = await t.request(
      'POST',
      `${path}/bluesky`,
      'identifier=sim-user.bsky.social&password=wrong-pass-word-0000',
      FORM,
    );
    assert.equal(wrong.status, 401);
    assert.match(wrong.text, /did not accept this handle and app password/);
    const bsky = await t.request(
      'POST',
      `${path}/bluesky`,
      'identifier=sim-user.bsky.social&password=simb-apps-pass-word',
      FORM,
    );
    assert.equal(bsky.status, 303, bsky.text);
    assert.equal(locationOf(bsky), `${path}?connected=bluesky`);

    // Google Business: several locations, so the page asks which.
    const gStart = await t.request('GET', `${path}/start/googlebusiness`, undefined, NO_KEY);
    const gBack = await visitService(t, await authorize(locationOf(gStart)));
    const choose = new URL(locationOf(gBack));
    assert.equal(choose.searchParams.get('status'), 'selection_required');
    const choice = await t.request('GET', `${choose.pathname}${choose.search}`, undefined, NO_KEY);
    assert.equal(choice.status, 200);
    assert.match(choice.text, /Choose Google Business Profile locations/);
    const values = [...choice.text.matchAll(/name="selected" value="([^"]+)"/g)].map((m) => m[1] as string);
    assert.ok(values.length >= 2, 'several locations offered');
    const selToken = choose.searchParams.get('selectionToken') ?? '';
    const none = await t.request(
      'POST',
      `${path}/select`,
      `platform=googlebusiness&selectionToken=${selToken}`,
      FORM,
    );
    assert.equal(none.status, 400);
    assert.match(none.text, /Choose at least one/);
    const saved = await t.request(
      'POST',
      `${path}/select`,
      `platform=googlebusiness&selectionToken=${selToken}&selected=${values[0]}`,
      FORM,
    );
    assert.equal(saved.status, 303, saved.text);

    const finish = await t.request('POST', `${path}/finish`, '', FORM);
    assert.equal(finish.status, 303, finish.text);
    const done = new URL(locationOf(finish));
    assert.equal(`${done.origin}${done.pathname}`, DONE);
    const ids = (done.searchParams.get('integrationIds') ?? '').split(',');
    assert.deepEqual((done.searchParams.get('platforms') ?? '').split(','), [
      'twitter',
      'bluesky',
      'googlebusiness',
    ]);
    assert.equal(ids.length, 3);
    for (const id of ids) {
      const read = await t.request('GET', `/v1/connect/integrations/${id}`);
      assert.equal(read.status, 200, `${id} is an integration of the project`);
    }
    const gb = await t.request('GET', `/v1/connect/integrations/${ids[2]}`);
    assert.equal(gb.body.integration.platformUserId, values[0]);

    // Used: every step of the link now says so.
    for (const [method, sub] of [
      ['GET', ''],
      ['GET', '/start/twitter'],
      ['POST', '/finish'],
    ] as const) {
      const used = await t.request(method, `${path}${sub}`, method === 'POST' ? '' : undefined, FORM);
      assert.equal(used.status, 410, `${method} ${sub}`);
      assert.match(used.text, /This link was already used/);
    }
  });

  it('an expired link, an unknown one and a platform not offered say so', async () => {
    const { t } = env;
    const path = await newSession(t, { platforms: ['twitter'] });
    const other = await t.request('GET', `${path}/start/linkedin`, undefined, NO_KEY);
    assert.equal(other.status, 404);
    assert.match(other.text, /not offered/);
    const bsky = await t.request('POST', `${path}/bluesky`, 'identifier=a&password=b', FORM);
    assert.equal(bsky.status, 404);
    const unknown = await t.request('GET', '/connect/s/cs_not-a-real-token', undefined, NO_KEY);
    assert.equal(unknown.status, 404);
    assert.match(unknown.text, /This link is not valid/);
    const realNow = t.ctx.now;
    t.ctx.now = () => new Date(Date.now() + (t.ctx.config.CONNECT_SESSION_TTL_SECONDS + 1) * 1000);
    try {
      const expired = await t.request('GET', path, undefined, NO_KEY);
      assert.equal(expired.status, 410);
      assert.match(expired.text, /This link has expired/);
    } finally {
      t.ctx.now = realNow;
    }
  });

  it('a session of one project never shows another project’s integrations', async () => {
    const { t } = env;
    const other = await createProject(t.ctx, 'other');
    const res = await t.request(
      'POST',
      '/v1/connect/sessions',
      { platforms: ['bluesky'], redirectUri: DONE },
      { 'x-access-key': other.accessKey },
    );
    const path = new URL(res.body.url).pathname;
    const page = await t.request('GET', path, undefined, NO_KEY);
    assert.equal(page.status, 200);
    assert.doesNotMatch(page.text, /Connected:/);
  });
});
