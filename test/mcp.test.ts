/**
 * The MCP server with a real MCP client of the same SDK, over stdio (the CLI
 * command as an assistant would start it) and over streamable HTTP: the tools
 * are listed, a post is created through them, its outcome read and listed, the
 * API's error messages come back as tool errors, and a missing key is refused.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startMcpHttp } from '../src/mcp/http.ts';
import { startSimulator } from '../src/simulator/index.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { addIntegration, FUTURE, NEXT_YEAR } from './posts-fixtures.ts';

const ROOT = new URL('..', import.meta.url).pathname;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

type ToolResult = {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: unknown;
};
const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as ToolResult;

/** Everything an assistant does with the tools, on one connected client. */
async function exerciseTools(client: Client, accountId: string): Promise<void> {
  const tools = (await client.listTools()).tools.map((t) => t.name).sort();
  assert.deepEqual(tools, [
    'create_post',
    'edit_published_post',
    'get_post',
    'get_queue',
    'get_series',
    'list_integrations',
    'list_posts',
    'prepare_media_upload',
    'retry_post',
    'schedule_draft',
    'set_queue',
    'update_series',
    'write_caption',
  ]);

  const listed = await call(client, 'list_integrations', { platform: 'twitter' });
  assert.equal(listed.isError, undefined, listed.content[0]?.text);
  const integrations = (listed.structuredContent as { integrations: { id: string }[] }).integrations;
  assert.ok(integrations.some((i) => i.id === accountId));

  const created = await call(client, 'create_post', {
    content: 'Written by an assistant',
    targets: [{ platform: 'twitter', accountId }],
    firstComment: 'More in the thread',
    scheduledFor: FUTURE,
  });
  assert.equal(created.isError, undefined, created.content[0]?.text);
  const { postId, status, platforms } = created.structuredContent as {
    postId: string;
    status: string;
    platforms: { firstComment?: { status: string } }[];
  };
  assert.equal(status, 'scheduled');
  assert.deepEqual(platforms[0]?.firstComment, { status: 'pending' });

  const read = await call(client, 'get_post', { postId });
  const post = (read.structuredContent as { post: { status: string; platforms: { platform: string }[] } })
    .post;
  assert.equal(post.status, 'scheduled');
  assert.equal(post.platforms[0]?.platform, 'twitter');

  // A post not yet published is edited with PUT /v1/posts/scheduled: the API's 409 comes back.
  const early = await call(client, 'edit_published_post', { postId, content: 'Edited by an assistant' });
  assert.equal(early.isError, true);
  assert.match(early.content[0]?.text ?? '', /^409: .*only a published or partial post/);

  const posts = await call(client, 'list_posts', { status: 'scheduled', platform: 'twitter' });
  assert.ok(
    (posts.structuredContent as { posts: { postId: string }[] }).posts.some((p) => p.postId === postId),
  );

  const upload = await call(client, 'prepare_media_upload', {
    filename: 'launch.png',
    mimeType: 'image/png',
  });
  assert.equal(upload.isError, undefined, upload.content[0]?.text);
  const { data } = upload.structuredContent as { data: { uploadUrl: string; publicUrl: string } };
  assert.match(data.uploadUrl, /^http:\/\/127\.0\.0\.1:\d+\/v1\/media\/uploads\//);
  assert.ok(data.publicUrl.startsWith('http://127.0.0.1:'));

  // The sandbox's OpenAI-compatible fake writes it; X's limit applies.
  const caption = await call(client, 'write_caption', {
    description: 'our spring launch',
    platforms: ['twitter'],
  });
  assert.equal(caption.isError, undefined, caption.content[0]?.text);
  const written = caption.structuredContent as { content: string; creditsCharged: number };
  assert.ok(written.content.length > 0 && written.content.length <= 280);
  assert.equal(written.creditsCharged, 2);

  // The API's own message comes back, naming what to fix.
  const refused = await call(client, 'create_post', {
    content: 'x',
    targets: [{ platform: 'pinterest', accountId }],
    publishNow: true,
  });
  assert.equal(refused.isError, true);
  assert.match(refused.content[0]?.text ?? '', /^400: .*platforms\[0\]/);
  const noRetry = await call(client, 'retry_post', { postId });
  assert.equal(noRetry.isError, true);
  assert.match(noRetry.content[0]?.text ?? '', /^409: /);
  const missing = await call(client, 'get_post', { postId: 'post_nope' });
  assert.equal(missing.isError, true);
  assert.match(missing.content[0]?.text ?? '', /^404: Post not found/);

  await exercisePlanningTools(client, accountId);
}

/** Drafts, the posting queue and a series, through the planning tools alone. */
async function exercisePlanningTools(client: Client, accountId: string): Promise<void> {
  const set = await call(client, 'set_queue', {
    timezone: 'Europe/Paris',
    slots: [{ day: 'tuesday', time: '10:00' }],
  });
  assert.equal(set.isError, undefined, set.content[0]?.text);
  const queue = await call(client, 'get_queue', { count: 3 });
  const free = (queue.structuredContent as { freeSlots: { scheduledFor: string }[] }).freeSlots;
  assert.equal(free.length, 3);
  const queued = await call(client, 'create_post', {
    content: `Queued by an assistant ${Math.random()}`,
    targets: [{ platform: 'twitter', accountId }],
    queue: true,
  });
  assert.equal((queued.structuredContent as { scheduledFor: string }).scheduledFor, free[0]?.scheduledFor);

  const draft = await call(client, 'create_post', {
    content: 'A draft by an assistant',
    targets: [{ platform: 'twitter', accountId }],
    draft: true,
  });
  const draftId = (draft.structuredContent as { postId: string; status: string }).postId;
  assert.equal((draft.structuredContent as { status: string }).status, 'draft');
  const scheduled = await call(client, 'schedule_draft', {
    postId: draftId,
    scheduledFor: `${NEXT_YEAR}-07-01T09:00:00Z`,
  });
  assert.equal(scheduled.isError, undefined, scheduled.content[0]?.text);
  assert.equal((scheduled.structuredContent as { status: string }).status, 'scheduled');

  const recurring = await call(client, 'create_post', {
    content: `Every week ${Math.random()}`,
    targets: [{ platform: 'twitter', accountId }],
    scheduledFor: `${NEXT_YEAR}-07-02T09:00:00Z`,
    recurrence: { every: 1, unit: 'week' },
  });
  const seriesId = (recurring.structuredContent as { seriesId: string }).seriesId;
  const read = await call(client, 'get_series', { seriesId });
  assert.equal((read.structuredContent as { series: { status: string } }).series.status, 'active');
  const paused = await call(client, 'update_series', { seriesId, paused: true });
  assert.equal((paused.structuredContent as { series: { status: string } }).series.status, 'paused');
  const ended = await call(client, 'update_series', { seriesId, end: true });
  assert.equal(ended.isError, undefined, ended.content[0]?.text);
  assert.match(ended.content[0]?.text ?? '', /Series ended/);
}

forEachDatabase('MCP server', (dialect) => {
  let t: TestService;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let apiUrl: string;
  let accountId: string;
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
        ROLE: 'api',
      },
      listen: true,
    });
    accountId = await addIntegration(t.ctx, t.projectId, 'twitter');
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  it('serves the tools over stdio, as `npm run mcp` started by an assistant', async () => {
    const client = new Client({ name: 'test-assistant', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [`${ROOT}src/cli/main.ts`, 'mcp'],
        env: { PATH: process.env.PATH ?? '', ACCESS_KEY: t.accessKey, API_URL: apiUrl },
        stderr: 'pipe',
      }),
    );
    try {
      await exerciseTools(client, accountId);
    } finally {
      await client.close();
    }
  });

  it('serves the tools over streamable HTTP, each request with its key', async () => {
    const { url, server } = await startMcpHttp({ apiUrl, host: '127.0.0.1', port: 0 });
    try {
      const client = new Client({ name: 'test-assistant', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { 'x-access-key': t.accessKey } },
        }),
      );
      try {
        await exerciseTools(client, accountId);
      } finally {
        await client.close();
      }
      // No key: refused before any MCP work. A wrong key: the API refuses every tool call.
      const bare = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      assert.equal(bare.status, 401);
      const wrong = new Client({ name: 'wrong-key', version: '1.0.0' });
      await wrong.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { authorization: 'Bearer not-a-key' } },
        }),
      );
      const denied = await call(wrong, 'list_posts', {});
      assert.equal(denied.isError, true);
      assert.match(denied.content[0]?.text ?? '', /^401: /);
      await wrong.close();
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
