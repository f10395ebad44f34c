/**
 * Rotating the encryption key with the CLI while the service runs, on SQLite and
 * PostgreSQL: every stored secret ends under the new key with its plaintext
 * unchanged, the running service reads old and new values throughout and seals
 * with the new key as soon as it is in place, a run stopped part way (--limit)
 * resumes, and values from before key ids are moved too.
 */
import assert from 'node:assert/strict';
import { createCipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createContext, startService } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { AppContext } from '../../src/context.ts';
import { createSealer, keyId } from '../../src/domain/crypto.ts';
import { createProject } from '../../src/domain/projects/projects.ts';
import { forEachSealedRow } from '../../src/domain/secrets/stored.ts';
import { createLogger } from '../../src/log.ts';
import type { Dialect } from '../../src/store/db.ts';
import { SEALED } from '../../src/store/sealed.ts';
import { createPgSchema, PG_SKIP, PG_URL } from '../harness.ts';
import { addIntegration } from '../posts-fixtures.ts';
import { cli } from './run.ts';

/** A value in the stored form used before key ids. */
function sealV1(key: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', nonce, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Every stored sealed value, as the declaration finds them, by `table.column.id`. */
async function storedValues(ctx: AppContext): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const col of SEALED)
    await forEachSealedRow(ctx, col, (row) => {
      row.values.forEach((v, i) => {
        out.set(`${col.table}.${col.column}.${row.id}${i > 0 ? `.${i}` : ''}`, v);
      });
    });
  return out;
}

async function rotateWhileRunning(dialect: Dialect): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-rotate-'));
  const pg = dialect === 'postgres' ? await createPgSchema() : null;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(pg ? { DATABASE_URL: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${pg.schema}`)}` } : {}),
  };
  const config = loadConfig({
    env: { DATA_DIR: dataDir, ROLE: 'api', OUTBOUND_ALLOWLIST: '', ...(pg ? { DATABASE_URL: PG_URL } : {}) },
  });
  const ctx = createContext(config, {
    log: createLogger('silent'),
    storeOptions: pg ? { pgSchema: pg.schema, poolSize: 3 } : {},
  });
  const service = await startService(ctx, { rateLimit: false });
  try {
    const { projectId, accessKey } = await createProject(ctx, 'rotating');
    const api = async (method: string, url: string, body?: unknown) => {
      const res = await service.server?.inject({
        method: method as 'POST',
        url,
        headers: { 'x-access-key': accessKey, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      assert.ok(res && res.statusCode < 300, res?.body);
      return JSON.parse(res.body);
    };
    // Secrets of every kind: tokens, an OAuth app's client secret, webhook secrets, and one old-format value.
    const plain = new Map<string, string>();
    const oldKey = Buffer.from(readFileSync(join(dataDir, 'encryption.key'), 'utf8'), 'base64');
    for (let i = 0; i < 4; i++) {
      const id = await addIntegration(ctx, projectId, 'twitter');
      const refresh = i === 0 ? sealV1(oldKey, `rt-${i}`) : ctx.sealer.seal(`rt-${i}`);
      await ctx.store.db
        .updateTable('integrations')
        .set({ access_token_enc: ctx.sealer.seal(`at-${i}`), refresh_token_enc: refresh })
        .where('id', '=', id)
        .execute();
      plain.set(`integrations.access_token_enc.${id}`, `at-${i}`);
      plain.set(`integrations.refresh_token_enc.${id}`, `rt-${i}`);
    }
    const app = await api('POST', '/v1/apps', {
      platform: 'twitter',
      name: 'A',
      clientId: 'c1',
      clientSecret: 'cs-1',
    });
    plain.set(`oauth_apps.client_secret_enc.${app.app.id}`, 'cs-1');
    const hook = await api('POST', '/v1/notifications', {
      channel: 'webhook',
      eventTypes: ['post.published'],
      webhook: { url: 'https://hooks.example.com/a' },
    });
    plain.set(
      `notification_subscriptions.webhook_secret_enc.${hook.notification.id}`,
      hook.notification.webhook.secret,
    );

    const readsEverything = async () => {
      const stored = await storedValues(ctx);
      for (const [where, expected] of plain)
        assert.equal(ctx.sealer.open(stored.get(where) ?? ''), expected, where);
      return stored;
    };
    await readsEverything();
    const oldId = keyId(oldKey);

    // Stopped part way: both keys are in use and the running service reads every value.
    const first = JSON.parse(await cli(env, 'rotate-key', '--limit', '3', '--json'));
    assert.equal(first.finished, false);
    assert.equal(first.resealed, 3);
    assert.ok(first.remaining > 0);
    assert.ok(existsSync(join(dataDir, 'encryption.previous.key')), 'the old key stays while values use it');
    const newId = first.keyId as string;
    assert.notEqual(newId, oldId);
    assert.equal(ctx.sealer.primaryKeyId(), newId, 'the running service took the new key');
    const mixed = await readsEverything();
    const ids = new Set([...mixed.values()].map((v) => ctx.sealer.sealedWith(v)));
    assert.ok(ids.has(newId) && (ids.has(oldId) || ids.has(null)), 'old and new keys both hold values');

    // The running service seals new secrets with the new key at once.
    const later = await api('POST', '/v1/notifications', {
      channel: 'webhook',
      eventTypes: ['post.failed'],
      webhook: { url: 'https://hooks.example.com/b' },
    });
    plain.set(
      `notification_subscriptions.webhook_secret_enc.${later.notification.id}`,
      later.notification.webhook.secret,
    );
    const laterStored = (await storedValues(ctx)).get(
      `notification_subscriptions.webhook_secret_enc.${later.notification.id}`,
    );
    assert.equal(ctx.sealer.sealedWith(laterStored ?? ''), newId);

    // Run again: it continues where it stopped and finishes.
    const second = JSON.parse(await cli(env, 'rotate-key', '--json'));
    assert.equal(second.finished, true);
    assert.equal(second.resumed, true);
    assert.equal(second.keyId, newId);
    assert.deepEqual(Object.keys(second.byKey), [newId]);
    assert.equal(second.byKey[newId], plain.size);
    assert.equal(existsSync(join(dataDir, 'encryption.previous.key')), false, 'the old key is gone');
    await readsEverything();
    // The old key opens nothing any more.
    const oldOnly = createSealer(oldKey);
    for (const v of (await storedValues(ctx)).values()) assert.throws(() => oldOnly.open(v));
  } finally {
    await service.stop();
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('rotating the encryption key with the CLI while the service runs', () => {
  it('on SQLite', () => rotateWhileRunning('sqlite'));
  it('on PostgreSQL', { skip: PG_SKIP }, () => rotateWhileRunning('postgres'));
});

describe('key ring', () => {
  it('names the key in each value and reads values of every key it holds', () => {
    const a = randomBytes(32);
    const b = randomBytes(32);
    const old = createSealer(a);
    const sealedA = old.seal('secret');
    assert.match(sealedA, new RegExp(`^v2\\.${keyId(a)}\\.`));
    const ring = createSealer({ primary: b, previous: [a] });
    assert.equal(ring.open(sealedA), 'secret');
    assert.equal(ring.open(sealV1(a, 'legacy')), 'legacy');
    assert.equal(ring.sealedWith(ring.seal('x')), keyId(b));
    assert.throws(() => createSealer(b).open(sealedA), new RegExp(`key ${keyId(a)}`));
  });
});
