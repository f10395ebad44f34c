/**
 * The one declaration of sealed columns (src/store/sealed.ts) against the data
 * itself, on SQLite and PostgreSQL: with every feature that stores a secret used
 * once (a record of every kind the route fixtures make, two-factor enrolment
 * confirmed and pending, an OAuth start with PKCE and one from a hosted connect
 * session, OIDC state, a queued account e-mail, the app registered on a Mastodon
 * instance), every table and column of the
 * schema is scanned for the sealed form. A column holding one that is not
 * declared (so the key rotation and the start-up check would miss it) fails
 * here, and so does a declared column the seeding no longer fills.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { createState } from '../../src/domain/connect/states.ts';
import { issueToken } from '../../src/domain/teams/tokens.ts';
import { base32Decode, totpAt } from '../../src/domain/teams/totp.ts';
import type { Platform } from '../../src/platforms/names.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { SEALED, SEALED_VALUE } from '../../src/store/sealed.ts';
import { connectLikeAUser } from '../connect/helpers.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { fixtureMaker, KIND_TABLES, tables } from '../route-fixtures.ts';
import type { IdKind } from '../route-table.ts';
import { addMember, asMember, TEAM_SETTINGS } from '../teams/members-fixture.ts';

/** A v2 sealed value anywhere in a text (alone, or inside JSON or other text). */
const SEALED_ANYWHERE = /v2\.[0-9a-f]{8}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/;

forEachDatabase('sealed columns: the declaration against the stored data', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
    // The api role alone: queued e-mails stay in their jobs for the scan.
    t = await startTestService(dialect, {
      settings: { ...TEAM_SETTINGS, ROLE: 'api', SIMULATOR_URL: sim.url, SMTP_URL: 'smtp://127.0.0.1:9' },
    });
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  async function seedEverything(): Promise<void> {
    const ids = fixtureMaker(t, sim, { projectId: t.projectId, accessKey: t.accessKey });
    for (const platform of ['twitter', 'facebook'] as Platform[])
      for (const kind of Object.keys(KIND_TABLES) as IdKind[]) await ids(kind, platform);
    // Two-factor: one person enrolled, another half way (and invitations e-mailed: jobs with sealed text).
    const m = await addMember(t, 'sealed-two@example.com', 'editor');
    const enrol = await asMember(t, m.cookie, 'POST', '/v1/auth/totp/enrol');
    const confirm = await asMember(t, m.cookie, 'POST', '/v1/auth/totp/confirm', {
      code: totpAt(base32Decode(enrol.body.secret), Date.now()),
    });
    assert.equal(confirm.status, 200, confirm.text);
    const pending = await addMember(t, 'sealed-pending@example.com', 'viewer');
    assert.equal((await asMember(t, pending.cookie, 'POST', '/v1/auth/totp/enrol')).status, 200);
    // A connection made as a user makes it (tokens with a refresh token), an OAuth start with PKCE
    // left open, one from a hosted connect session, an OIDC state.
    sim.addAccount('twitter', { id: 'sealedscan', username: 'sealedscan', name: 'Sealed Scan' });
    const connected = await connectLikeAUser(t, 'twitter');
    assert.ok(connected.searchParams.get('integrationId'), connected.toString());
    // Mastodon: the service registers its app on the (simulated) instance, its secret sealed.
    const mastodon = await connectLikeAUser(t, 'mastodon');
    assert.ok(mastodon.searchParams.get('integrationId'), mastodon.toString());
    const start = await t.request('GET', '/v1/connect/twitter');
    assert.equal(start.status, 200, start.text);
    await createState(t.ctx, {
      projectId: t.projectId,
      platform: 'twitter',
      redirectUri: null,
      cancelRedirectUri: null,
      headless: false,
      profileId: null,
      appId: null,
      codeVerifier: null,
      connectSessionToken: 'cs_for-the-scan',
    });
    await issueToken(t.ctx, t.ctx.store.db, {
      kind: 'oidc_state',
      email: '',
      data: JSON.stringify({ verifier: 'v', nonce: 'n' }),
      ttlMs: 600_000,
    });
  }

  it('finds every stored sealed value in a declared column of the declared form, and fills every declared one', async () => {
    await seedEverything();
    const found = new Map<string, 'value' | 'json'>();
    for (const [table, columns] of await tables(t.ctx)) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
        t.ctx.store.db,
      );
      for (const row of rows)
        for (const column of columns) {
          const v = row[column];
          if (typeof v !== 'string' || !SEALED_ANYWHERE.test(v)) continue;
          const form = SEALED_VALUE.test(v) ? 'value' : 'json';
          const where = `${table}.${column}`;
          // A column with a value alone in one row and inside JSON in another would be declared json.
          if (found.get(where) !== 'json') found.set(where, form);
        }
    }
    const declared = new Map(SEALED.map((c) => [`${c.table}.${c.column}`, c.form]));
    for (const [where, form] of found)
      assert.equal(
        declared.get(where),
        form,
        `${where} holds sealed values (${form}) but is not declared so: add it to its table file's *_SEALED declaration (src/store/sealed.ts)`,
      );
    for (const where of declared.keys())
      assert.ok(
        found.has(where),
        `${where} is declared sealed but the seeding stored nothing there: seed it here`,
      );
    assert.ok(found.size >= 10);
  });
});
