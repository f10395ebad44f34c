/**
 * A key rotation loses nothing, on SQLite and PostgreSQL: with a person's TOTP
 * secret (and another's pending enrolment), an OIDC state's sealed data and an
 * account e-mail queued with its sealed text, `cli rotate-key` moves every value,
 * reads them all under the new key before it deletes the old one, and after a
 * restart a two-factor sign-in works and the queued e-mail is sent. A service
 * that finds a value under a key it does not hold refuses to start and names
 * the key and the table.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { createContext, type Service, startService } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { createSealer, keyId } from '../../src/domain/crypto.ts';
import { createProject } from '../../src/domain/projects/projects.ts';
import { forEachSealedRow } from '../../src/domain/secrets/stored.ts';
import { requestPasswordReset } from '../../src/domain/teams/password-reset.ts';
import { issueToken } from '../../src/domain/teams/tokens.ts';
import { base32Decode, totpAt } from '../../src/domain/teams/totp.ts';
import { createLogger } from '../../src/log.ts';
import type { Dialect } from '../../src/store/db.ts';
import { SEALED } from '../../src/store/sealed.ts';
import { createPgSchema, forEachDatabase, PG_URL, type TestService } from '../harness.ts';
import { startSmtp } from '../notifications/smtp.ts';
import { addMember, anonymous, asMember, PASSWORD, TEAM_SETTINGS } from '../teams/members-fixture.ts';
import { cli } from './run.ts';

/** Services started and stopped, CLI processes and scrypt hashes: minutes on a loaded machine. */
const SLOW = { timeout: 600_000 };

forEachDatabase('a key rotation, then a restart', (dialect: Dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-rotate-restart-'));
  let pg: Awaited<ReturnType<typeof createPgSchema>> | null = null;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let config: Readonly<Config>;
  let running: Service | null = null;
  let project: { projectId: string; accessKey: string };

  const boot = async (role: 'api' | 'all') => {
    const ctx = createContext(
      { ...config, ROLE: role },
      { log: createLogger('silent'), storeOptions: pg ? { pgSchema: pg.schema, poolSize: 3 } : {} },
    );
    running = await startService(ctx, { rateLimit: false });
    return running;
  };
  const stop = async () => {
    await running?.stop();
    running = null;
  };
  /** The shape the members fixture sends requests through. */
  const asTest = (service: Service, projectId: string, accessKey: string) =>
    ({
      service,
      ctx: service.ctx,
      projectId,
      accessKey,
      async request(method: string, url: string, body?: unknown) {
        const res = await service.server!.inject({
          method: method as 'GET',
          url,
          headers: { 'x-access-key': accessKey, 'content-type': 'application/json' },
          payload: JSON.stringify(body ?? {}),
        });
        return { status: res.statusCode, headers: res.headers, body: JSON.parse(res.body), text: res.body };
      },
      close: async () => {},
    }) as TestService;
  const cliEnv = () => ({
    DATA_DIR: dataDir,
    ...(pg ? { DATABASE_URL: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${pg.schema}`)}` } : {}),
  });

  before(async () => {
    pg = dialect === 'postgres' ? await createPgSchema() : null;
    smtp = await startSmtp();
    config = loadConfig({
      env: {
        DATA_DIR: dataDir,
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        SMTP_URL: smtp.url,
        NOTIFICATIONS_EMAIL_FROM: 'Publishing <team@example.com>',
        ...TEAM_SETTINGS,
        ...(pg ? { DATABASE_URL: PG_URL } : {}),
      },
    });
  });
  after(async () => {
    await stop();
    await smtp.close();
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'moves TOTP secrets, account tokens and queued e-mails; two-factor sign-in and the e-mail work after',
    SLOW,
    async () => {
      // An API node only: the e-mail stays queued through the rotation.
      const first = await boot('api');
      const oldKey = Buffer.from(readFileSync(join(dataDir, 'encryption.key'), 'utf8'), 'base64');
      const { projectId, accessKey } = await createProject(first.ctx, 'rotating');
      project = { projectId, accessKey };
      const t = asTest(first, projectId, accessKey);
      const m = await addMember(t, 'two@example.com', 'editor');
      const enrol = await asMember(t, m.cookie, 'POST', '/v1/auth/totp/enrol');
      const secret = base32Decode(enrol.body.secret);
      const confirm = await asMember(t, m.cookie, 'POST', '/v1/auth/totp/confirm', {
        code: totpAt(secret, Date.now()),
      });
      assert.equal(confirm.status, 200, confirm.text);
      const pending = await addMember(t, 'pending@example.com', 'viewer');
      assert.equal((await asMember(t, pending.cookie, 'POST', '/v1/auth/totp/enrol')).status, 200);
      await issueToken(first.ctx, first.ctx.store.db, {
        kind: 'oidc_state',
        email: '',
        data: JSON.stringify({ verifier: 'v', nonce: 'n' }),
        ttlMs: 600_000,
      });
      await requestPasswordReset(first.ctx, 'two@example.com');

      // Every kind of value is stored under the old key before the rotation.
      const where = new Set<string>();
      for (const col of SEALED)
        await forEachSealedRow(first.ctx, col, (row) => {
          for (const v of row.values)
            if (first.ctx.sealer.sealedWith(v) === keyId(oldKey)) where.add(`${col.table}.${col.column}`);
        });
      for (const c of [
        'people.totp_secret_enc',
        'people.totp_pending_enc',
        'account_tokens.data_enc',
        'jobs.payload',
      ])
        assert.ok(where.has(c), `${c} holds a value under the old key`);

      const out = JSON.parse(await cli(cliEnv(), 'rotate-key', '--json'));
      assert.equal(out.finished, true);
      assert.equal(existsSync(join(dataDir, 'encryption.previous.key')), false, 'the old key is gone');
      assert.deepEqual(Object.keys(out.byKey), [out.keyId]);
      assert.equal(out.checked, out.byKey[out.keyId], 'every value was read under the new key');

      // Every stored value opens with the new key alone, and none with the old one.
      const newOnly = createSealer(
        Buffer.from(readFileSync(join(dataDir, 'encryption.key'), 'utf8'), 'base64'),
      );
      const oldOnly = createSealer(oldKey);
      let values = 0;
      for (const col of SEALED)
        await forEachSealedRow(first.ctx, col, (row) => {
          for (const v of row.values) {
            values++;
            assert.doesNotThrow(() => newOnly.open(v), `${col.table}.${col.column} ${row.id}`);
            assert.throws(() => oldOnly.open(v));
          }
        });
      assert.equal(values, out.checked);
      await stop();

      // A restart (with workers now): the two-factor sign-in and the queued e-mail both work.
      const second = await boot('all');
      const signIn = await anonymous(asTest(second, projectId, accessKey), 'POST', '/v1/auth/sign-in', {
        email: 'two@example.com',
        password: PASSWORD,
        // The confirmation used this step's code, and a code is accepted once: the next step's (within the window).
        totpCode: totpAt(secret, Date.now() + 30_000),
      });
      assert.equal(signIn.status, 200, signIn.text);
      // Queued before the rotation: the two invitations and the reset link.
      const mails = await smtp.waitFor(3, 30_000);
      const reset = mails.find((mail) => /Subject: Reset your password/.test(mail.raw));
      assert.deepEqual(reset?.to, ['two@example.com']);
      await stop();
    },
  );

  it(
    'lets the operator turn off the second factor of a member who lost the device, in the audit log',
    SLOW,
    async () => {
      const service = await boot('api');
      const t = asTest(service, project.projectId, project.accessKey);
      const signIn = (extra: Record<string, string> = {}) =>
        anonymous(t, 'POST', '/v1/auth/sign-in', { email: 'two@example.com', password: PASSWORD, ...extra });
      assert.equal((await signIn()).status, 401, 'the code is asked for');
      const out = await cli(
        cliEnv(),
        'member',
        'two-factor-off',
        '--project',
        project.projectId,
        'two@example.com',
      );
      assert.match(out, /Two-factor sign-in is off for two@example\.com/);
      assert.equal((await signIn()).status, 200, 'the password alone signs in');
      const audit = await t.request('GET', '/v1/audit?action=member.two_factor_removed');
      assert.equal(audit.status, 200, audit.text);
      const entry = audit.body.entries?.[0] ?? audit.body.data?.[0];
      assert.ok(entry, audit.text);
      assert.match(JSON.stringify(entry), /cli:/);
      assert.match(JSON.stringify(entry), /two@example\.com/);
      // Nothing to turn off a second time, and an unknown member is named as such.
      await assert.rejects(
        cli(cliEnv(), 'member', 'two-factor-off', '--project', project.projectId, 'two@example.com'),
        /not on for two@example\.com/,
      );
      await assert.rejects(
        cli(cliEnv(), 'member', 'two-factor-off', '--project', project.projectId, 'nobody@example.com'),
        /No member nobody@example\.com/,
      );
      await stop();
    },
  );

  it(
    'refuses to start, naming the key and the table, when a value is under a key it does not hold',
    SLOW,
    async () => {
      const stranger = createSealer(Buffer.alloc(32, 7));
      const strangerId = stranger.primaryKeyId();
      const service = await boot('api');
      const person = await service.ctx.store.db.selectFrom('people').select('id').executeTakeFirstOrThrow();
      const { totp_secret_enc: kept } = await service.ctx.store.db
        .selectFrom('people')
        .select('totp_secret_enc')
        .where('id', '=', person.id)
        .executeTakeFirstOrThrow();
      await service.ctx.store.db
        .updateTable('people')
        .set({ totp_secret_enc: stranger.seal('JBSWY3DPEHPK3PXP') })
        .where('id', '=', person.id)
        .execute();
      await stop();
      await assert.rejects(
        boot('api'),
        new RegExp(
          `people\\.totp_secret_enc are sealed under key ${strangerId}, which this service does not hold`,
        ),
      );

      // The same for a sealed value inside a job payload.
      const again = createContext(config, {
        log: createLogger('silent'),
        storeOptions: pg ? { pgSchema: pg.schema, poolSize: 3 } : {},
      });
      await again.store.db
        .updateTable('people')
        .set({ totp_secret_enc: kept })
        .where('id', '=', person.id)
        .execute();
      await again.store.db
        .insertInto('jobs')
        .values({
          id: 'job_stranger',
          kind: 'send_account_email',
          project_id: null,
          payload: JSON.stringify({ to: 'a@example.com', subject: 's', textSealed: stranger.seal('link') }),
          run_at: Date.now() + 3_600_000,
          attempts: 0,
          max_attempts: 5,
          lease_owner: null,
          lease_until: null,
          last_error: null,
          platform: null,
          account: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      await again.store.close();
      await assert.rejects(boot('api'), new RegExp(`jobs\\.payload are sealed under key ${strangerId}`));
    },
  );
});
