/**
 * A key revoked with the CLI (another process) stops working on every running
 * API node within a second, on SQLite and on PostgreSQL. The nodes are kept busy
 * with the key before the revocation, so each one holds it in its key cache.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createPgSchema, PG_SKIP, PG_URL } from '../harness.ts';
import { cli, type Running, startProcess } from './run.ts';

const LIMIT_MS = 1000;

const status = async (node: Running, key: string) =>
  (await fetch(`${node.base}/v1/health/auth`, { headers: { 'x-access-key': key } })).status;

async function revokeAndTime(env: Record<string, string>, nodes: Running[]): Promise<void> {
  const project = JSON.parse(await cli(env, 'project', 'create', '--name', 'revoking', '--json'));
  const other = JSON.parse(await cli(env, 'key', 'create', '--project', project.projectId, '--json'));
  // Warm every node's cache with both keys.
  for (const node of nodes) {
    for (let i = 0; i < 5; i++) {
      assert.equal(await status(node, project.accessKey), 200);
      assert.equal(await status(node, other.accessKey), 200);
    }
  }
  // Keep every node busy with the key while the CLI revokes it.
  let stop = false;
  const busy = nodes.map(async (node) => {
    while (!stop) await status(node, project.accessKey);
  });
  const keyId = JSON.parse(await cli(env, 'key', 'list', '--project', project.projectId, '--json')).find(
    (k: { prefix: string }) => project.accessKey.startsWith(k.prefix),
  ).id;
  await cli(env, 'key', 'revoke', keyId);
  const revokedAt = Date.now();
  try {
    for (const node of nodes) {
      let answer = 200;
      while (answer !== 401 && Date.now() - revokedAt < 5000) answer = await status(node, project.accessKey);
      const took = Date.now() - revokedAt;
      assert.equal(answer, 401, 'the revoked key still works');
      assert.ok(took < LIMIT_MS, `the revoked key kept working for ${took} ms`);
      process.stderr.write(`# ${node.base}: revoked key refused ${took} ms after the CLI returned\n`);
      // The other key of the project is untouched.
      assert.equal(await status(node, other.accessKey), 200);
    }
  } finally {
    stop = true;
    await Promise.all(busy);
  }
}

describe('revoking a key with the CLI while the API runs', () => {
  it('stops the key within a second on SQLite', async () => {
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'sps-revoke-')) };
    const node = await startProcess(env);
    try {
      await revokeAndTime(env, [node]);
    } finally {
      assert.equal(await node.stop(), 0);
    }
  });

  it('stops the key within a second on every API node on PostgreSQL', { skip: PG_SKIP }, async () => {
    const { schema, drop } = await createPgSchema();
    const env = {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'sps-revoke-')),
      DATABASE_URL: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    const nodes: Running[] = [];
    try {
      nodes.push(await startProcess(env, ['--role', 'api']));
      nodes.push(await startProcess(env, ['--role', 'api']));
      await revokeAndTime(env, nodes);
    } finally {
      for (const node of nodes) await node.stop();
      await drop();
    }
  });
});
