/**
 * A newcomer in sandbox mode, on the real process (`src/start.js`, a fresh DATA_DIR,
 * the access key the start log prints): connects an account on every network the
 * service has, the fourteen, the way the README tells them to — the OAuth networks
 * through GET /v1/connect/<platform> and the simulator's authorize page (where
 * Facebook, LinkedIn or Google Business offers several accounts, as the sandbox's
 * LinkedIn member and Google Business locations do, on our hosted choice page,
 * followed as a browser would, with its cookie), Bluesky and Telegram with their sandbox logins,
 * Mastodon without naming an instance, Discord and Reddit by OAuth — uploads one
 * image through POST /v1/media/upload and its signed PUT, and publishes it.
 *
 * No single media item suits all fourteen: YouTube takes only videos and Google
 * Business only photos. So the image post goes to the thirteen that take images,
 * and the same post with a small real MP4 (made by ffmpeg) goes to YouTube. Every
 * target ends published with its URL.
 *
 * Then a second project, created as an operator does (`npm run cli -- project
 * create`), which connects only a network of the ten and publishes, sees only the
 * contract's ten values in GET /v1/platforms, its integrations and its post answers
 * (validated against the answer schemas narrowed to the ten).
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { SANDBOX_TELEGRAM } from '../../src/facts/sandbox-app.ts';
import type { AnyRoute } from '../../src/http/route.ts';
import { png, realMp4 } from '../../src/media/testing.ts';
import { CONTRACT_PLATFORMS, PLATFORMS } from '../../src/platforms/names.ts';
import { allRoutes } from '../../src/routes/index.ts';
import { addedValuesIn, refusedUnderTen, type Schema } from './ten-value-contract.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const REDIRECT = 'https://client.example/connected';
const dataDir = mkdtempSync(join(tmpdir(), 'sps-newcomer-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

/** The networks that may offer several accounts, chosen on our hosted page. */
const CHOOSES = new Set(['facebook', 'linkedin', 'googlebusiness']);
/** The networks that connect with a login instead of a redirect. */
const LOGINS: Record<string, unknown> = {
  bluesky: { identifier: 'sim-user.bsky.social', password: 'simb-apps-pass-word' },
  telegram: SANDBOX_TELEGRAM,
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  base: string;
  key: string;
  stop(): Promise<void>;
}

async function startService(): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'src/start.js'), '--port', String(port)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', DATA_DIR: dataDir, PUBLISH_WAIT_MS: '20000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    assert.equal(await exited, 0, out);
  };
  try {
    const end = Date.now() + 60_000;
    while (!out.includes('"service started"') && child.exitCode === null && Date.now() < end)
      await new Promise((r) => setTimeout(r, 50));
    assert.ok(out.includes('"service started"'), out);
    const started = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'service started');
    const key = /Access key for project default: (\S+)/.exec(out)?.[1] ?? '';
    assert.ok(key, out);
    return { child, base: (started.url as string).replace('localhost', '127.0.0.1'), key, stop };
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the test reads answers field by field.
type Answer = { status: number; body: Record<string, any>; headers: Headers };

function client(base: string, key: string) {
  return async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'x-access-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
  };
}

/** A redirect to the service (its public URL says localhost) followed without a key. */
const local = (base: string, location: string) => {
  const u = new URL(location);
  return `${base}${u.pathname}${u.search}`;
};

/** The whole browser journey for an OAuth network; answers the final redirect to REDIRECT. */
async function connectByOAuth(base: string, call: ReturnType<typeof client>, platform: string) {
  const start = await call('GET', `/v1/connect/${platform}?redirectUri=${encodeURIComponent(REDIRECT)}`);
  assert.equal(start.status, 200, `${platform}: ${JSON.stringify(start.body)}`);
  const authorize = await fetch(start.body.url, { redirect: 'manual' });
  await authorize.body?.cancel();
  assert.equal(authorize.status, 302, `${platform}: the authorize page answered ${authorize.status}`);
  const callback = await fetch(local(base, authorize.headers.get('location') ?? ''), { redirect: 'manual' });
  const callbackText = await callback.text();
  assert.equal(callback.status, 302, `${platform} callback: ${callbackText}`);
  let landed = new URL(callback.headers.get('location') ?? '');
  if (landed.pathname.startsWith('/connect/choose/')) {
    assert.ok(CHOOSES.has(platform), `${platform} asks to choose on our page`);
    assert.match(landed.pathname, new RegExp(`^/connect/choose/${platform}/`));
    const cookie = (callback.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const page = await fetch(local(base, landed.toString()), { headers: { cookie } });
    const html = await page.text();
    assert.equal(page.status, 200, html);
    const first = /name="selected" value="([^"]+)"/.exec(html)?.[1];
    assert.ok(first, `${platform}: the choice page offers an account`);
    const chosen = await fetch(local(base, landed.toString()), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ selected: first }).toString(),
    });
    await chosen.body?.cancel();
    assert.equal(chosen.status, 303, `${platform}: choosing answered ${chosen.status}`);
    landed = new URL(chosen.headers.get('location') ?? '');
  }
  assert.equal(`${landed.origin}${landed.pathname}`, REDIRECT, `${platform}: ${landed}`);
  assert.equal(landed.searchParams.get('error'), null, `${platform}: ${landed}`);
  const id = landed.searchParams.get('integrationId');
  assert.ok(id, `${platform}: ${landed}`);
  return id;
}

/** Uploads bytes as the README says (ask for an upload, PUT the bytes); answers the file's URL. */
async function upload(call: ReturnType<typeof client>, filename: string, mimeType: string, bytes: Buffer) {
  const asked = await call('POST', '/v1/media/upload', { filename, mimeType, size: bytes.length });
  assert.equal(asked.status, 200, JSON.stringify(asked.body));
  const put = await fetch(asked.body.data.uploadUrl.replace('localhost', '127.0.0.1'), {
    method: 'PUT',
    headers: { 'content-type': mimeType },
    body: new Uint8Array(bytes),
  });
  assert.equal(put.status, 200, await put.text());
  return asked.body.data.publicUrl as string;
}

/** Each network's required options (and only those), as the README and the OpenAPI document name them. */
function optionsFor(platform: string, boardId: string | undefined): Record<string, unknown> | undefined {
  if (platform === 'reddit') return { subreddit: 'sandbox', title: 'A newcomer says hello' };
  if (platform === 'pinterest') return { boardId, title: 'A newcomer says hello' };
  if (platform === 'youtube') return { title: 'A newcomer says hello' };
  return undefined;
}

/** Waits until every target of the post is final; answers the post. */
async function settled(call: ReturnType<typeof client>, postId: string) {
  const end = Date.now() + 120_000;
  for (;;) {
    const read = await call('GET', `/v1/posts/${postId}`);
    assert.equal(read.status, 200, JSON.stringify(read.body));
    const post = read.body.post ?? read.body;
    const open = post.platforms.filter((p: { status: string }) =>
      ['pending', 'publishing', 'scheduled'].includes(p.status),
    );
    if (open.length === 0 || Date.now() > end) return post;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const routeFor = (method: string, url: string): AnyRoute => {
  const route = allRoutes.find((r) => r.method === method && r.url === url);
  assert.ok(route, `${method} ${url} is a route`);
  return route;
};

/** What a strict client generated from the contract would refuse in this answer. */
function tenValueProblems(method: string, url: string, answer: Answer): string[] {
  const where = `${method} ${url} ${answer.status}`;
  const problems = addedValuesIn(answer.body).map((found) => `${where}: ${found}`);
  const schema = (routeFor(method, url).response as Record<string, Schema> | undefined)?.[answer.status];
  assert.ok(schema, `${where} has an answer schema`);
  const refused = refusedUnderTen(schema, answer.body);
  if (refused) problems.push(`${where}: not valid under the ten-value contract: ${refused}`);
  return problems;
}

function cli(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [join(ROOT, 'src/cli/main.ts'), ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir }, timeout: 60_000 },
      (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout)),
    ),
  );
}

it('a newcomer connects all fourteen networks and publishes one post with media to each, every target with its URL', async () => {
  const svc = await startService();
  try {
    const call = client(svc.base, svc.key);
    const accounts = new Map<string, string>();
    for (const platform of PLATFORMS) {
      if (LOGINS[platform]) {
        const res = await call('POST', `/v1/connect/${platform}/auth`, LOGINS[platform]);
        assert.ok(res.status < 300, `${platform}: ${JSON.stringify(res.body)}`);
        const list = await call('GET', `/v1/connect/integrations?platform=${platform}`);
        accounts.set(platform, list.body.integrations[0]?.id);
      } else accounts.set(platform, await connectByOAuth(svc.base, call, platform));
    }
    const list = await call('GET', '/v1/connect/integrations');
    assert.deepEqual(
      [...new Set(list.body.integrations.map((i: { platform: string }) => i.platform))].sort(),
      [...PLATFORMS].sort(),
    );
    for (const i of list.body.integrations) assert.equal(i.sandbox, true, JSON.stringify(i));

    // Pinterest pins to a board: the newcomer picks one of the account's boards.
    const boards = await call('GET', `/v1/pinterest/boards?accountId=${accounts.get('pinterest')}`);
    const boardId = boards.body.boards?.[0]?.id as string | undefined;
    assert.ok(boardId, JSON.stringify(boards.body));

    const image = await upload(call, 'hello.png', 'image/png', png(1080, 1080, 40_000));
    const content = `Hello from a newcomer ${Date.now()}`;
    const target = (platform: string) => {
      const options = optionsFor(platform, boardId);
      return {
        platform,
        accountId: accounts.get(platform),
        ...(options ? { platformSpecificData: options } : {}),
      };
    };
    const withImage = await call('POST', '/v1/posts', {
      content,
      mediaItems: [{ type: 'image', url: image }],
      platforms: PLATFORMS.filter((p) => p !== 'youtube').map(target),
      publishNow: true,
    });
    assert.equal(withImage.status, 202, JSON.stringify(withImage.body));

    const mp4Path = join(dataDir, 'hello.mp4');
    assert.ok(await realMp4(mp4Path), 'ffmpeg made the MP4');
    const video = await upload(call, 'hello.mp4', 'video/mp4', readFileSync(mp4Path));
    const withVideo = await call('POST', '/v1/posts', {
      content,
      mediaItems: [{ type: 'video', url: video }],
      platforms: [target('youtube')],
      publishNow: true,
    });
    assert.equal(withVideo.status, 202, JSON.stringify(withVideo.body));

    const published = new Map<
      string,
      { status: string; platformPostUrl: string | null; errorMessage?: string }
    >();
    for (const postId of [withImage.body.postId, withVideo.body.postId]) {
      const post = await settled(call, postId);
      for (const p of post.platforms) published.set(p.platform, p);
    }
    const notPublished = [...published].filter(([, p]) => p.status !== 'published' || !p.platformPostUrl);
    assert.deepEqual(
      notPublished.map(([platform, p]) => `${platform}: ${p.status} ${p.errorMessage ?? ''}`),
      [],
    );
    assert.deepEqual([...published.keys()].sort(), [...PLATFORMS].sort());
    for (const [platform, p] of published)
      assert.doesNotThrow(() => new URL(p.platformPostUrl ?? ''), `${platform}: ${p.platformPostUrl}`);

    // A second project, as an operator creates one, that uses only a network of the ten.
    const other = JSON.parse(await cli('project', 'create', '--name', 'ten-only', '--json'));
    const theirs = client(svc.base, other.accessKey);
    const bsky = await theirs('POST', '/v1/connect/bluesky/auth', LOGINS.bluesky);
    assert.ok(bsky.status < 300, JSON.stringify(bsky.body));
    const theirList = await theirs('GET', '/v1/connect/integrations');
    const theirPost = await theirs('POST', '/v1/posts', {
      content: `Only the ten ${Date.now()}`,
      platforms: theirList.body.integrations.map((i: { id: string; platform: string }) => ({
        platform: i.platform,
        accountId: i.id,
      })),
      publishNow: true,
    });
    assert.equal(theirPost.status, 202, JSON.stringify(theirPost.body));
    const platforms = await theirs('GET', '/v1/platforms');
    assert.deepEqual(
      platforms.body.platforms.map((p: { name: string }) => p.name),
      [...CONTRACT_PLATFORMS],
    );
    const problems = [
      ...tenValueProblems('GET', '/v1/platforms', platforms),
      ...tenValueProblems('GET', '/v1/connect/integrations', theirList),
      ...tenValueProblems('POST', '/v1/posts', theirPost),
      ...tenValueProblems('GET', '/v1/posts', await theirs('GET', '/v1/posts')),
      ...tenValueProblems(
        'GET',
        '/v1/posts/:postId',
        await theirs('GET', `/v1/posts/${theirPost.body.postId}`),
      ),
    ];
    assert.deepEqual(problems, []);
  } finally {
    await svc.stop();
  }
});
