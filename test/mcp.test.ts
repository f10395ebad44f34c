/**
 * The MCP server with a real MCP client of the same SDK, over stdio (the CLI
 * command as an assistant would start it) and over streamable HTTP: the tools
 * listed are exactly the public routes (each with its route's schemas) plus
 * upload_media, a post is created through them (by the tool names assistants
 * already call), its outcome read and listed, the API's error messages come back
 * as tool errors, the resources list and read, and a missing key is refused.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AnyRoute } from '../src/http/route.ts';
import { startMcpHttp } from '../src/mcp/http.ts';
import { toolNameOf } from '../src/mcp/tool-names.ts';
import { allRoutes } from '../src/routes/index.ts';
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

/** The tool names assistants called before every route was a tool: each must still be there. */
const EARLIER_TOOLS = [
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
];

/** The routes that must be tools: all but the hidden ones and raw stream bodies. */
const PUBLIC_ROUTES = allRoutes.filter((r) => !r.hidden && !r.rawBody);

type Json = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };
const plain = (schema: unknown): Json => JSON.parse(JSON.stringify(schema ?? {}));

/**
 * tools/list is the public route table, one tool per route (a route added without
 * its tool fails here), plus upload_media; each tool takes exactly its route's path,
 * query and body fields with the route's own schemas, and requires what the route
 * requires (less what has a default).
 */
async function assertToolsAreTheRoutes(client: Client): Promise<void> {
  const listed = (await client.listTools()).tools;
  const byName = new Map(listed.map((t) => [t.name, t]));
  assert.equal(byName.size, listed.length, 'tool names are unique');
  const expected = [...PUBLIC_ROUTES.map((r: AnyRoute) => toolNameOf(r)), 'upload_media'].sort();
  assert.deepEqual([...byName.keys()].sort(), expected);
  assert.equal(listed.length, PUBLIC_ROUTES.length + 1);
  for (const name of EARLIER_TOOLS) assert.ok(byName.has(name), `${name} is still a tool`);
  assert.ok(
    allRoutes.some((r) => r.hidden),
    'the table has hidden routes, and they are no tools',
  );

  for (const route of PUBLIC_ROUTES) {
    const tool = byName.get(toolNameOf(route));
    const where = `${route.method} ${route.url}`;
    assert.ok(tool, where);
    assert.ok(tool.description?.startsWith(route.summary), `${where}: described by its summary`);
    if (route.description) assert.ok(tool.description?.includes(route.description), where);
    const input = tool.inputSchema as Json;
    assert.equal(input.type, 'object');
    const parts = { params: plain(route.params), query: plain(route.query), body: plain(route.body) };
    const parameterNames = new Set([
      ...Object.keys(parts.params.properties ?? {}),
      ...Object.keys(parts.query.properties ?? {}),
    ]);
    const bodyNames = Object.keys(parts.body.properties ?? {});
    const nested = bodyNames.some((n) => parameterNames.has(n));
    const wanted: Record<string, unknown> = {
      ...parts.params.properties,
      ...parts.query.properties,
      ...(nested ? { body: parts.body } : parts.body.properties),
    };
    assert.deepEqual(input.properties ?? {}, wanted, `${where}: the route's own schemas`);
    const mustGive = (part: Json) =>
      (part.required ?? []).filter((n) => !('default' in ((part.properties?.[n] as object) ?? {})));
    const required = [
      ...mustGive(parts.params),
      ...mustGive(parts.query),
      ...(nested ? (mustGive(parts.body).length ? ['body'] : []) : mustGive(parts.body)),
    ];
    assert.deepEqual([...(input.required ?? [])].sort(), required.sort(), `${where}: required`);
    assert.equal(tool.annotations?.readOnlyHint, route.method === 'GET', where);
  }
  // The one clash of names in today's table: profileId in both the query and the body.
  const bluesky = byName.get('post_connect_bluesky_auth')?.inputSchema as Json;
  const blueskyBody = (bluesky.properties?.body ?? {}) as Json;
  assert.deepEqual(Object.keys(blueskyBody.properties ?? {}).sort(), ['identifier', 'password', 'profileId']);
}

/** Everything an assistant does with the tools, on one connected client. */
async function exerciseTools(client: Client, accountId: string): Promise<void> {
  await assertToolsAreTheRoutes(client);

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
  // Arguments the tool does not take, or a path parameter left out, are named before any call.
  const unknownArgument = await call(client, 'get_post', { postId, nope: 1 });
  assert.equal(unknownArgument.isError, true);
  assert.match(
    unknownArgument.content[0]?.text ?? '',
    /^400: nope: not an argument of get_post; it takes postId/,
  );
  const noPostId = await call(client, 'get_post', {});
  assert.match(noPostId.content[0]?.text ?? '', /^400: postId is required/);
  await assert.rejects(call(client, 'no_such_tool', {}), /Tool no_such_tool not found/);

  // Tools no hand-written code served before: today's argument names, a query array, a validation.
  const checked = await call(client, 'post_posts_validate', {
    content: 'Checked by an assistant',
    platforms: [{ platform: 'twitter', accountId }],
    publishNow: true,
  });
  assert.equal((checked.structuredContent as { valid: boolean }).valid, true, checked.content[0]?.text);
  const twitterOnly = await call(client, 'list_posts', { platform: ['twitter'], limit: 5 });
  assert.ok((twitterOnly.structuredContent as { posts: unknown[] }).posts.length > 0);
  const scheduledList = await call(client, 'get_posts_scheduled', {});
  assert.ok(
    (scheduledList.structuredContent as { posts: { postId: string }[] }).posts.some(
      (p) => p.postId === postId,
    ),
  );

  await exerciseResources(client, accountId, postId);

  await exercisePlanningTools(client, accountId);
}

/** The accounts and recent posts as resources: listed, each readable, and an unknown one refused. */
async function exerciseResources(client: Client, accountId: string, postId: string): Promise<void> {
  const uris = (await client.listResources()).resources.map((r) => r.uri);
  for (const uri of [
    'sps://integrations',
    'sps://posts/recent',
    `sps://integrations/${accountId}`,
    `sps://posts/${postId}`,
  ])
    assert.ok(uris.includes(uri), `${uri} in ${uris.join(', ')}`);
  const templates = (await client.listResourceTemplates()).resourceTemplates.map((r) => r.uriTemplate);
  assert.deepEqual(templates.sort(), ['sps://integrations/{id}', 'sps://posts/{postId}']);
  const readJson = async (uri: string) => {
    const { contents } = await client.readResource({ uri });
    assert.equal(contents[0]?.mimeType, 'application/json');
    return JSON.parse(String((contents[0] as { text: string }).text));
  };
  const accounts = await readJson('sps://integrations');
  assert.ok(accounts.integrations.some((i: { id: string }) => i.id === accountId));
  const recent = await readJson('sps://posts/recent');
  assert.ok(recent.posts.some((p: { postId: string }) => p.postId === postId));
  assert.equal((await readJson(`sps://integrations/${accountId}`)).integration.id, accountId);
  assert.equal((await readJson(`sps://posts/${postId}`)).post.postId, postId);
  await assert.rejects(client.readResource({ uri: 'sps://posts/post_nope' }), /404: Post not found/);
  await assert.rejects(client.readResource({ uri: 'sps://elsewhere' }), /No resource sps:\/\/elsewhere/);
}

/** Drafts, the posting queue and a series, through the planning tools alone. */
async function exercisePlanningTools(client: Client, accountId: string): Promise<void> {
  const set = await call(client, 'set_queue', {
    timezone: 'Europe/Paris',
    slots: [{ day: 'tuesday', time: '10:00' }],
  });
  assert.equal(set.isError, undefined, set.content[0]?.text);
  const queue = await call(client, 'get_queue', {});
  assert.deepEqual((queue.structuredContent as { queue: { slots: unknown[] } }).queue.slots, [
    { day: 'tuesday', time: '10:00' },
  ]);
  const slots = await call(client, 'get_queue_slots', { count: 3 });
  const free = (slots.structuredContent as { slots: { scheduledFor: string }[] }).slots;
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
  const ended = await call(client, 'delete_series_series_id', { seriesId });
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
