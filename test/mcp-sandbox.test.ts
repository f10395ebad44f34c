/**
 * An assistant's first session, through MCP alone, against the service in sandbox
 * mode with the simulator standing in for the platforms and the AI provider: it
 * starts connecting X and Threads with the connect tool and follows the returned
 * URL (the simulator's authorize page, then our callback, as a browser would),
 * uploads an image, has AI write the caption, publishes, reads the outcome, and
 * answers and lists the comments under the Threads post. Over stdio and over
 * streamable HTTP, on SQLite and PostgreSQL; the workers publish in process.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startMcpHttp } from '../src/mcp/http.ts';
import { png } from '../src/media/testing.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { addComment } from '../src/simulator/platforms/_shared/meta-comments.ts';
import { cleanUpAll, forEachDatabase, startTestService, type TestService } from './harness.ts';

const ROOT = new URL('..', import.meta.url).pathname;

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

type ToolResult = {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: unknown;
};

/** A tool call that must succeed; answers its structured content. */
async function use<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as ToolResult;
  assert.equal(result.isError, undefined, `${name}: ${result.content[0]?.text}`);
  return result.structuredContent as T;
}

/** The connect tool's URL followed like a browser: the simulator's authorize page, then our callback. */
async function connect(client: Client, platform: string): Promise<string> {
  const { url } = await use<{ url: string }>(client, 'get_connect_platform', { platform });
  const authorize = await fetch(url, { redirect: 'manual' });
  await authorize.body?.cancel();
  assert.equal(authorize.status, 302, `the authorize page of ${platform}`);
  const callback = (authorize.headers.get('location') ?? '').replace(/#_$/, '');
  const landed = await fetch(callback);
  assert.equal(landed.status, 200, `${callback}: ${await landed.text()}`);
  const { integrations } = await use<{ integrations: { id: string }[] }>(client, 'list_integrations', {
    platform,
  });
  assert.equal(integrations.length, 1, `one ${platform} account, connected again on a second run`);
  return integrations[0]?.id ?? '';
}

type Post = {
  status: string;
  platforms: { status: string; platformPostId: string | null; platformPostUrl: string | null }[];
};

async function firstSession(client: Client, sim: Simulator, run: string): Promise<void> {
  const x = await connect(client, 'twitter');
  const threads = await connect(client, 'threads');

  const image = png(640, 480, 20_000);
  const uploaded = await use<{ publicUrl: string; mediaItem: { type: string; url: string }; size: number }>(
    client,
    'upload_media',
    { filename: 'launch.png', mimeType: 'image/png', contentBase64: image.toString('base64') },
  );
  assert.deepEqual(uploaded.mediaItem, { type: 'image', url: uploaded.publicUrl });
  assert.equal(uploaded.size, image.length);

  const { content: caption } = await use<{ content: string }>(client, 'write_caption', {
    description: 'our spring launch',
    platforms: ['twitter', 'threads'],
  });
  assert.ok(caption.length > 0);
  const text = `${run}: ${caption}`.slice(0, 270);

  const created = await use<{ postId: string; status: string }>(client, 'create_post', {
    content: text,
    mediaItems: [uploaded.mediaItem],
    platforms: [{ platform: 'twitter', accountId: x }],
    publishNow: true,
  });
  const { post } = await use<{ post: Post }>(client, 'get_post', { postId: created.postId });
  assert.equal(post.status, 'published', JSON.stringify(post));
  assert.match(post.platforms[0]?.platformPostUrl ?? '', /^https?:\/\//);
  const tweet = sim.state.listPosts('twitter', { where: (p) => p.data.text === text });
  assert.equal((tweet[0]?.data.media as { media_ids?: string[] } | undefined)?.media_ids?.length, 1);

  const onThreads = await use<{ postId: string }>(client, 'create_post', {
    content: text,
    platforms: [{ platform: 'threads', accountId: threads }],
    publishNow: true,
  });
  const read = await use<{ post: Post }>(client, 'get_post', { postId: onThreads.postId });
  assert.equal(read.post.status, 'published', JSON.stringify(read.post));
  const threadsPostId = read.post.platforms[0]?.platformPostId ?? '';
  addComment(sim, 'threads', {
    postId: threadsPostId,
    text: `love it ${run}`,
    author: { id: '31', name: 'fan' },
  });
  await use(client, 'post_comments', {
    platform: 'threads',
    accountId: threads,
    postId: onThreads.postId,
    text: `Thanks for reading ${run}`,
  });
  const { comments } = await use<{ comments: { text: string }[] }>(client, 'get_comments', {
    platform: 'threads',
    accountId: threads,
    postId: onThreads.postId,
  });
  assert.deepEqual(
    comments.map((c) => c.text).sort(),
    [`Thanks for reading ${run}`, `love it ${run}`].sort(),
  );
}

forEachDatabase('MCP in sandbox mode', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let apiUrl: string;
  before(async () => {
    sim = await startSimulator();
    const port = await freePort();
    apiUrl = `http://127.0.0.1:${port}`;
    t = await startTestService(dialect, {
      settings: {
        SIMULATOR_URL: sim.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: apiUrl,
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '15000',
      },
      listen: true,
    });
  });
  after(() => cleanUpAll([() => t.close(), () => sim.close()]));

  it('connects, uploads, writes, publishes and reads comments over stdio', async () => {
    const client = new Client({ name: 'test-assistant', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [`${ROOT}src/cli/main.ts`, 'mcp'],
        env: { PATH: process.env.PATH ?? '', ACCESS_KEY: t.accessKey, API_URL: apiUrl },
        stderr: 'pipe',
      }),
    );
    const dir = mkdtempSync(join(tmpdir(), 'sps-mcp-'));
    try {
      await firstSession(client, sim, 'stdio');
      // Over stdio the file may be named by its path on the assistant's machine.
      const file = join(dir, 'photo.png');
      writeFileSync(file, png(64, 64));
      const byPath = await use<{ mediaItem: { type: string }; size: number }>(client, 'upload_media', {
        filename: 'photo.png',
        mimeType: 'image/png',
        path: file,
      });
      assert.equal(byPath.mediaItem.type, 'image');
      assert.equal(byPath.size, png(64, 64).length);
    } finally {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does the same over streamable HTTP', async () => {
    const { url, server } = await startMcpHttp({ apiUrl, host: '127.0.0.1', port: 0 });
    const client = new Client({ name: 'test-assistant', version: '1.0.0' });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { 'x-access-key': t.accessKey } },
        }),
      );
      await firstSession(client, sim, 'http');
      // Over HTTP the server reads no file of its own disk for a caller.
      const byPath = (await client.callTool({
        name: 'upload_media',
        arguments: { filename: 'passwd', mimeType: 'image/png', path: '/etc/passwd' },
      })) as ToolResult;
      assert.equal(byPath.isError, true);
      assert.match(byPath.content[0]?.text ?? '', /^400: path is not taken over HTTP/);
    } finally {
      await client.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
