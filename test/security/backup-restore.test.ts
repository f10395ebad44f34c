/**
 * A backup taken with the CLI while the service publishes, restored into a new
 * data directory: the service started on it finds every post and account, and
 * finishes what was under way without publishing any target twice. Creates that
 * had reached the platform but whose answer the backup does not hold (in flight
 * at backup time) are reconciled with the platform, not repeated.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { createContext, type Service, startService } from '../../src/app.ts';
import { loadConfig, type SettingName } from '../../src/config.ts';
import type { AppContext } from '../../src/context.ts';
import { createProject } from '../../src/domain/projects/projects.ts';
import { createLogger } from '../../src/log.ts';
import { png } from '../../src/media/testing.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { insertIntegration } from '../fake-adapter.ts';
import { until } from '../shared-store.ts';
import { cli } from './run.ts';

const FINAL = ['published', 'partial', 'failed'];
const ACCOUNT = '1700000000000000077';

interface Local {
  ctx: AppContext;
  service: Service;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field.
  request(method: string, url: string, body?: unknown): Promise<{ status: number; body: any }>;
}

async function startLocal(dataDir: string, key: string, settings: Partial<Record<SettingName, string>>) {
  const config = loadConfig({
    env: {
      DATA_DIR: dataDir,
      OUTBOUND_ALLOWLIST: '127.0.0.1,::1,localhost',
      JOBS_POLL_MS: '20',
      ...settings,
    },
  });
  const ctx = createContext(config, { log: createLogger('silent') });
  const service = await startService(ctx, { rateLimit: false });
  const local: Local = {
    ctx,
    service,
    async request(method, url, body) {
      const res = await service.server!.inject({
        method: method as 'GET',
        url,
        headers: { 'x-access-key': key, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      return { status: res.statusCode, body: JSON.parse(res.body) };
    },
  };
  return local;
}

let sim: Simulator;
let root: string;
before(async () => {
  sim = await startSimulator();
  root = mkdtempSync(join(tmpdir(), 'sps-backup-'));
});
after(async () => {
  await sim.close();
  rmSync(root, { recursive: true, force: true });
});

it('restores a backup taken during a publishing run without publishing any target twice', async () => {
  const dataDir = join(root, 'data');
  const backupDir = join(root, 'backup');
  sim.addAccount('twitter', { id: ACCOUNT, username: 'backedup', name: 'Backed Up' });
  // The original keeps its creates waiting long, so they are in flight when the backup is taken.
  const originalSettings = {
    SIMULATOR_URL: sim.url,
    PUBLISH_WAIT_MS: '0',
    PUBLISH_ATTEMPT_TIMEOUT_MS: '60000',
  };
  const boot = await startLocal(dataDir, '', originalSettings);
  const { projectId, accessKey } = await createProject(boot.ctx, 'backed up');
  await boot.service.stop();
  const original = await startLocal(dataDir, accessKey, originalSettings);
  const token = sim.state.issueToken({
    platform: 'twitter',
    kind: 'access',
    clientId: 'sim-twitter-client',
    accountId: ACCOUNT,
    scopes: [],
    expiresAt: null,
    grantId: `grant-${ACCOUNT}`,
  }).value;
  const integrationId = await insertIntegration(original.ctx, projectId, 'twitter', {
    token,
    platformUserId: ACCOUNT,
  });
  const onPlatform = (content: string) =>
    sim.state.listPosts('twitter').filter((p) => JSON.stringify(p).includes(content)).length;
  const publish = async (content: string) => {
    const res = await original.request('POST', '/v1/posts', {
      content,
      platforms: [{ platform: 'twitter', accountId: integrationId }],
      publishNow: true,
    });
    assert.equal(res.status, 202, JSON.stringify(res.body));
    return res.body.postId as string;
  };
  const stamp = Date.now();
  const posts = new Map<string, string>();
  let restored: Local | null = null;
  try {
    // Published before the backup.
    for (let i = 0; i < 3; i++)
      posts.set(await publish(`before backup ${i} ${stamp}`), `before backup ${i} ${stamp}`);
    await until(async () => {
      for (const id of posts.keys())
        if ((await original.request('GET', `/v1/posts/${id}`)).body.post.status !== 'published') return false;
      return true;
    }, 30_000);

    // An uploaded image, named by a post scheduled for later: its file must come back with the restore.
    const image = png(64, 48, 2000);
    const asked = await original.request('POST', '/v1/media/upload', {
      filename: 'kept.png',
      mimeType: 'image/png',
    });
    assert.equal(asked.status, 200, JSON.stringify(asked.body));
    const uploadUrl = new URL(asked.body.data.uploadUrl);
    const put = await original.service.server!.inject({
      method: 'PUT',
      url: `${uploadUrl.pathname}${uploadUrl.search}`,
      payload: image,
      headers: { 'content-type': 'image/png' },
    });
    assert.equal(put.statusCode, 200, put.body);
    const withMedia = {
      content: `scheduled with an upload ${stamp}`,
      mediaItems: [{ type: 'image', url: asked.body.data.publicUrl as string }],
      platforms: [{ platform: 'twitter', accountId: integrationId }],
      scheduledFor: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    };
    assert.equal((await original.request('POST', '/v1/posts', withMedia)).status, 202);

    // Under way at backup time: the platform commits these creates but never answers.
    sim.faults.add({
      platform: 'twitter',
      method: 'POST',
      path: '/2/tweets',
      dropAfterCommit: 'hang',
      times: 4,
    });
    const running: string[] = [];
    for (let i = 0; i < 4; i++) {
      const content = `during backup ${i} ${stamp}`;
      const id = await publish(content);
      posts.set(id, content);
      running.push(content);
    }
    await until(() => running.some((c) => onPlatform(c) === 1), 30_000);

    const answer = JSON.parse(await cli({ DATA_DIR: dataDir }, 'backup', '--to', backupDir, '--json'));
    assert.match(answer.note, /encryption key is in the backup/);
    assert.equal(answer.mediaFiles, 1, JSON.stringify(answer));
    assert.match(answer.media, /1 file\(s\) copied into media/);
    assert.equal(statSync(backupDir).mode & 0o777, 0o700);
    assert.equal(statSync(answer.file).mode & 0o777, 0o600);

    // The restored service: a new data directory, the same platform.
    restored = await startLocal(backupDir, accessKey, {
      SIMULATOR_URL: sim.url,
      PUBLISH_WAIT_MS: '0',
      PUBLISH_ATTEMPT_TIMEOUT_MS: '2000',
      PUBLISH_RETRY_BASE_MS: '50',
      JOBS_LEASE_MS: '1000',
    });
    const r = restored;
    const integrations = (await r.request('GET', '/v1/connect/integrations')).body.integrations;
    assert.deepEqual(
      integrations.map((i: { id: string }) => i.id),
      [integrationId],
    );
    await until(async () => {
      for (const id of posts.keys())
        if (!FINAL.includes((await r.request('GET', `/v1/posts/${id}`)).body.post.status)) return false;
      return true;
    }, 60_000);
    for (const [id, content] of posts) {
      const post = (await r.request('GET', `/v1/posts/${id}`)).body.post;
      assert.equal(post.status, 'published', `${content}: ${JSON.stringify(post.platforms)}`);
      assert.equal(onPlatform(content), 1, `${content} is on the platform ${onPlatform(content)} times`);
    }
    // At least one create was in flight in the backup: the restored service asked the platform instead of posting again.
    const ledgers = await r.ctx.store.db.selectFrom('post_targets').select(['post_id', 'ledger']).execute();
    const viaReconcile = ledgers.filter(
      (l) =>
        running.includes(posts.get(l.post_id) ?? '') &&
        JSON.parse(l.ledger ?? '{}').created?.via === 'reconcile',
    );
    assert.ok(viaReconcile.length >= 1, 'no target in flight at backup time was reconciled');
    // The upload came back with its file: served, and still usable by a post.
    const served = await r.service.server!.inject({
      method: 'GET',
      url: new URL(withMedia.mediaItems[0]!.url).pathname,
    });
    assert.equal(served.statusCode, 200);
    assert.deepEqual(served.rawPayload, image);
    const check = (await r.request('POST', '/v1/posts/validate', withMedia)).body;
    assert.equal(check.valid, true, JSON.stringify(check));
    assert.equal(statSync(join(backupDir, 'media')).mode & 0o777, 0o700);
    const listed = (await r.request('GET', '/v1/posts?limit=50')).body;
    const listedIds = new Set(listed.posts.map((p: { postId: string }) => p.postId));
    // Every post, and the one scheduled with the upload.
    assert.equal(listed.total, posts.size + 1);
    for (const id of posts.keys()) assert.ok(listedIds.has(id), `post ${id} is listed after the restore`);
  } finally {
    await restored?.service.stop();
    sim.faults.clear();
    // The original's creates still hang on the platform: closing the simulator's connections lets it stop.
    const stopping = original.service.stop();
    await sim.close();
    await stopping;
    sim = await startSimulator();
  }
});
