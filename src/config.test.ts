import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig, SETTINGS } from './config.ts';

describe('config', () => {
  it('has safe defaults', () => {
    const c = loadConfig({ env: {} });
    assert.equal(c.PORT, 3000);
    assert.equal(c.ROLE, 'all');
    assert.equal(c.DATABASE_URL, undefined);
    assert.equal(c.PUBLIC_URL, 'http://localhost:3000');
    assert.deepEqual(c.OUTBOUND_ALLOWLIST, []);
    assert.ok(c.DATA_DIR.endsWith('/data'));
  });

  it('reads the environment, then flags over it', () => {
    const c = loadConfig({
      env: { PORT: '4000', ROLE: 'api', OUTBOUND_ALLOWLIST: '127.0.0.1, ::1' },
      argv: ['--role', 'worker', '--port=5000'],
    });
    assert.equal(c.PORT, 5000);
    assert.equal(c.ROLE, 'worker');
    assert.deepEqual(c.OUTBOUND_ALLOWLIST, ['127.0.0.1', '::1']);
  });

  it('stops on a malformed value, naming the setting', () => {
    assert.throws(
      () => loadConfig({ env: { PORT: 'abc' } }),
      (e: Error) => e instanceof ConfigError && /PORT/.test(e.message),
    );
    assert.throws(() => loadConfig({ env: { PORT: '70000' } }), /PORT must be at most 65535/);
    assert.throws(() => loadConfig({ env: { ROLE: 'both' } }), /ROLE must be one of all, api, worker/);
    assert.throws(() => loadConfig({ env: { METRICS_ENABLED: 'maybe' } }), /METRICS_ENABLED/);
    assert.throws(() => loadConfig({ env: { DATABASE_URL: 'mysql://x' } }), /DATABASE_URL/);
    assert.throws(() => loadConfig({ env: { ENCRYPTION_KEY: 'short' } }), /ENCRYPTION_KEY/);
    assert.throws(
      () => loadConfig({ env: { LINKEDIN_API_VERSION: '2026-08' } }),
      /LINKEDIN_API_VERSION must be a LinkedIn API version YYYYMM such as 202605, got "2026-08"/,
    );
    assert.equal(loadConfig({ env: { LINKEDIN_API_VERSION: '202611' } }).LINKEDIN_API_VERSION, '202611');
  });

  it('stops on a half-configured platform app, naming the missing setting', () => {
    assert.throws(
      () => loadConfig({ env: { TWITTER_CLIENT_ID: 'abc' } }),
      (e: Error) =>
        e instanceof ConfigError &&
        /^Setting TWITTER_CLIENT_SECRET is missing: TWITTER_CLIENT_ID is set/.test(e.message),
    );
    assert.throws(
      () => loadConfig({ env: { LINKEDIN_CLIENT_SECRET: 's' } }),
      /Setting LINKEDIN_CLIENT_ID is missing: LINKEDIN_CLIENT_SECRET is set/,
    );
    const both = loadConfig({ env: { TWITTER_CLIENT_ID: 'abc', TWITTER_CLIENT_SECRET: 's' } });
    assert.equal(both.TWITTER_CLIENT_ID, 'abc');
  });

  it('stops on an unknown flag or an unknown key in .env', () => {
    assert.throws(
      () => loadConfig({ env: {}, argv: ['--rol', 'api'] }),
      /Unknown command-line option "--rol"/,
    );
    const dir = mkdtempSync(join(tmpdir(), 'sps-config-'));
    writeFileSync(join(dir, '.env'), 'PORT=3100\nPROT=1\n');
    assert.throws(() => loadConfig({ env: {}, cwd: dir }), /Unknown setting "PROT"/);
    writeFileSync(join(dir, '.env'), 'PORT=3100\n');
    assert.equal(loadConfig({ env: {}, cwd: dir }).PORT, 3100);
  });

  it('.env.example lists every setting', () => {
    const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
    const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    for (const name of Object.keys(SETTINGS))
      assert.ok(listed.has(name), `${name} is missing from .env.example (run npm run env:example)`);
    for (const name of listed)
      assert.ok(name && name in SETTINGS, `${name} in .env.example is not a setting`);
  });
});
