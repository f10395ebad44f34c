/**
 * The user's side of the command line, beside administration: connect an account,
 * list integrations, create a post and follow it to its final state, list posts.
 * They call the service's API (api-client.ts) with the project's access key:
 *   connect <platform>                 prints the URL to open, waits for the callback
 *   connect bluesky --identifier H --password APP_PASSWORD
 *   connect session --platforms P,P... --redirect-uri URL [--name N] [--logo-url URL] [--accent-color #hex]
 *                                      a hosted connect link to send a customer to
 *   integrations [--platform P]
 *   post create --text T --to ACCOUNT... [--media URL...] [--first-comment TEXT]
 *               [--at TIME [--timezone TZ] | --queue | --draft]
 *               [--every "N day|week|month" [--until DATE] [--count N] [--variant TEXT...]] [--follow]
 *   post list [--status S] [--limit N]
 *   post show POST_ID
 *   post retry POST_ID [--account INTEGRATION_ID...]
 *   post edit POST_ID --text T [--to ACCOUNT...]   edit the live post where the platform can
 * Every one takes --url (SPS_URL, default http://localhost:3000), --key
 * (SPS_ACCESS_KEY) and --json.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import { AppError } from '../errors.ts';
import { type Api, type ApiOptions, apiClient, output } from './api-client.ts';
import { createConnectSession, type SessionOptions } from './connect-session.ts';

interface Target {
  platform: string;
  integrationId?: string;
  status?: string;
  success?: boolean;
  platformPostUrl?: string | null;
  error?: string;
  errorMessage?: string | null;
  warningMessage?: string | null;
  sandbox?: boolean;
  firstComment?: { status: string };
}

interface Integration {
  id: string;
  platform: string;
  username: string | null;
  displayName: string | null;
  authStatus: string;
  sandbox?: boolean;
}

const FINAL = new Set(['published', 'partial', 'failed', 'draft']);

/** The options every user command takes. */
export function withApi(cmd: Command): Command {
  return cmd
    .option('--url <url>', 'the service (or SPS_URL)', process.env.SPS_URL ?? 'http://localhost:3000')
    .option('--key <key>', "the project's access key (or SPS_ACCESS_KEY)")
    .option('--json', 'print JSON');
}

const integrationLine = (i: Integration) =>
  `${i.id}  ${i.platform}  ${i.username ?? i.displayName ?? ''}  ${i.authStatus}${i.sandbox ? '  (sandbox)' : ''}`;

const targetLine = (t: Target) => {
  const state = t.status ?? (t.success ? 'ok' : 'failed');
  const detail = t.platformPostUrl ?? t.errorMessage ?? t.error ?? '';
  const comment = t.firstComment ? `  first comment: ${t.firstComment.status}` : '';
  const warning = t.warningMessage ? `  warning: ${t.warningMessage}` : '';
  return `  ${t.platform}${t.integrationId ? ` (${t.integrationId})` : ''}: ${state}${detail ? `  ${detail}` : ''}${t.sandbox ? '  (sandbox)' : ''}${comment}${warning}`;
};

export function registerUserCommands(program: Command): void {
  withApi(
    program
      .command('connect')
      .description('Connect an account: prints the URL to open and waits until the platform sends you back')
      .argument(
        '<platform>',
        'twitter, instagram, youtube, tiktok, pinterest, linkedin, bluesky, ...; or session for a hosted connect link',
      )
      .option('--identifier <handle>', 'Bluesky: handle or e-mail')
      .option('--password <appPassword>', 'Bluesky: an app password')
      .option('--profile <profileId>', 'put the account in this profile')
      .option('--timeout <seconds>', 'how long to wait for the browser', '600')
      .option('--platforms <list>', 'session: the platforms the hosted page offers, comma-separated')
      .option('--redirect-uri <url>', 'session: where the customer is sent back with the integration ids')
      .option('--name <name>', "session: your product's name on the page")
      .option('--logo-url <url>', 'session: your logo (https)')
      .option('--accent-color <hex>', 'session: your colour, e.g. #1d4ed8'),
  ).action(async (platform: string, o: ApiOptions & ConnectOptions & SessionOptions) => {
    const api = apiClient(o);
    if (platform === 'session') {
      const s = await createConnectSession(api, o);
      output(o.json, s, `Send your customer to (works once, until ${s.expiresAt}):\n${s.url}`);
      return;
    }
    const integrations =
      platform === 'bluesky' ? await connectBluesky(api, o) : await connectOAuth(api, platform, o);
    output(o.json, { integrations }, integrations.map((i) => `Connected: ${integrationLine(i)}`).join('\n'));
  });

  withApi(
    program
      .command('integrations')
      .description("List the project's connected accounts")
      .option('--platform <platform>', 'only this platform'),
  ).action(async (o: ApiOptions & { platform?: string }) => {
    const query = new URLSearchParams({ limit: '100', ...(o.platform ? { platform: o.platform } : {}) });
    const list = await apiClient(o)<{ integrations: Integration[] }>(
      'GET',
      `/v1/connect/integrations?${query}`,
    );
    output(o.json, list, list.integrations.map(integrationLine).join('\n') || 'No connected accounts yet.');
  });

  const post = program.command('post').description('Create, follow and list posts');
  withApi(
    post
      .command('create')
      .description('Create a post now (or at --at) for the given accounts; --follow waits for the outcome')
      .requiredOption('--text <text>', 'the post text')
      .requiredOption('--to <account...>', 'integration ids (see: integrations), or platform:id')
      .option('--media <url...>', 'media URLs; the type comes from the extension, or write video:URL')
      .option(
        '--first-comment <text>',
        'a comment posted under each post once it is live (a reply on X, Bluesky, Threads); skipped where a platform can not comment',
      )
      .option('--at <time>', 'ISO 8601 time to publish at (without offset: read in --timezone)')
      .option('--timezone <tz>', 'IANA time zone of --at', 'UTC')
      .option('--queue', "take the next free slot of the accounts' posting queue (see: queue show)")
      .option('--draft', 'save as a draft: nothing is published or charged')
      .option('--every <rule>', 'repeat the post: "1 week", "2 day", "1 month"')
      .option('--until <date>', 'with --every: no occurrence after this date (YYYY-MM-DD)')
      .option('--count <n>', 'with --every: this many occurrences in all')
      .option('--variant <text...>', 'with --every: alternative texts used in turn')
      .option('--idempotency-key <key>', 'makes a retried command safe')
      .option('--follow', 'show each account as it goes, until the post is final'),
  ).action(async (o: ApiOptions & CreateOptions) => {
    const api = apiClient(o);
    const body = {
      content: o.text,
      platforms: await Promise.all(o.to.map((t) => targetOf(api, t))),
      ...(o.media ? { mediaItems: o.media.map(mediaItem) } : {}),
      ...(o.firstComment !== undefined ? { firstComment: o.firstComment } : {}),
      ...when(o),
      ...recurrenceOf(o),
    };
    const created = await api<Parameters<typeof createdText>[0]>(
      'POST',
      '/v1/posts',
      body,
      o.idempotencyKey ? { 'idempotency-key': o.idempotencyKey } : {},
    );
    if (!o.follow || o.draft) {
      output(o.json, created, createdText(created));
      return;
    }
    if (!o.json) process.stdout.write(`Post ${created.postId}: ${created.status}\n`);
    const final = await follow(api, created.postId, !o.json);
    output(
      o.json,
      final,
      `Post ${final.postId}: ${final.status}\n${final.platforms.map(targetLine).join('\n')}`,
    );
    if (final.status === 'failed') process.exitCode = 1;
  });
  withApi(
    post
      .command('list')
      .description("List the project's posts, newest first")
      .option('--status <status>', 'only posts in this status')
      .option('--limit <n>', 'how many', '20'),
  ).action(async (o: ApiOptions & { status?: string; limit: string }) => {
    const query = new URLSearchParams({ limit: o.limit, ...(o.status ? { status: o.status } : {}) });
    const list = await apiClient(o)<{ posts: PostView[] }>('GET', `/v1/posts?${query}`);
    const lines = list.posts.map(
      (p) => `${p.postId}  ${p.status}  ${p.scheduledFor ?? p.createdAt}  ${p.content.slice(0, 50)}`,
    );
    output(o.json, list, lines.join('\n') || 'No posts yet.');
  });
  withApi(
    post
      .command('retry')
      .description('Publish the failed accounts of a post again (each on its own)')
      .argument('<postId>')
      .option('--account <integrationId...>', 'only these accounts of the post'),
  ).action(async (postId: string, o: ApiOptions & { account?: string[] }) => {
    const res = await apiClient(o)<{
      status: string;
      creditsCharged: number;
      platforms: (Target & { retried: boolean; message?: string })[];
    }>(
      'POST',
      `/v1/posts/${encodeURIComponent(postId)}/retry`,
      o.account ? { integrationIds: o.account } : {},
    );
    const lines = res.platforms.map(
      (p) =>
        `  ${p.platform} (${p.integrationId}): ${p.retried ? p.status : 'not retried'}${p.message ? `  ${p.message}` : ''}`,
    );
    output(
      o.json,
      res,
      [`Post ${postId}: ${res.status} (${res.creditsCharged} credits)`, ...lines].join('\n'),
    );
    if (res.platforms.some((p) => p.status === 'failed')) process.exitCode = 1;
  });
  withApi(
    post.command('show').description('Show a post and each account it was published to').argument('<postId>'),
  ).action(async (postId: string, o: ApiOptions) => {
    const { post: p } = await apiClient(o)<{ post: PostView }>(
      'GET',
      `/v1/posts/${encodeURIComponent(postId)}`,
    );
    output(o.json, p, `Post ${p.postId}: ${p.status}\n${p.platforms.map(targetLine).join('\n')}`);
  });
  withApi(
    post
      .command('edit')
      .description(
        'Change the text of a published post on the platforms that can edit a live post (1 credit each; refunded if it fails)',
      )
      .argument('<postId>')
      .requiredOption('--text <text>', 'the new text')
      .option(
        '--to <account...>',
        'only these accounts (integration ids, or platform:id); default every one',
      ),
  ).action(async (postId: string, o: ApiOptions & { text: string; to?: string[] }) => {
    const api = apiClient(o);
    const body = o.to
      ? {
          platforms: (await Promise.all(o.to.map((t) => targetOf(api, t)))).map((t) => ({
            ...t,
            content: o.text,
          })),
        }
      : { content: o.text };
    const answer = await api<{
      creditsCharged: number;
      platforms: { platform: string; integrationId: string; status: string; message: string }[];
    }>('PATCH', `/v1/posts/${encodeURIComponent(postId)}/published`, body);
    const lines = answer.platforms.map(
      (t) => `  ${t.platform} ${t.integrationId}: ${t.status} — ${t.message}`,
    );
    output(o.json, answer, `Post ${postId}: ${answer.creditsCharged} credit(s) charged\n${lines.join('\n')}`);
  });
}

interface ConnectOptions {
  identifier?: string;
  password?: string;
  profile?: string;
  timeout: string;
}

interface CreateOptions {
  text: string;
  to: string[];
  media?: string[];
  firstComment?: string;
  at?: string;
  timezone: string;
  queue?: boolean;
  draft?: boolean;
  every?: string;
  until?: string;
  count?: string;
  variant?: string[];
  idempotencyKey?: string;
  follow?: boolean;
}

/** When the post goes out: the one mode the options name (the API refuses several, saying which). */
function when(o: CreateOptions): Record<string, unknown> {
  const modes = {
    ...(o.at ? { scheduledFor: o.at, timezone: o.timezone } : {}),
    ...(o.queue ? { queue: true } : {}),
    ...(o.draft ? { draft: true } : {}),
  };
  return Object.keys(modes).length ? modes : { publishNow: true };
}

function recurrenceOf(o: CreateOptions): Record<string, unknown> {
  if (!o.every) {
    if (o.until || o.count || o.variant)
      throw new AppError('invalid', '--until, --count and --variant go with --every');
    return {};
  }
  const m = /^\s*(\d+)\s*(day|week|month)s?\s*$/.exec(o.every);
  if (!m)
    throw new AppError(
      'invalid',
      `--every "${o.every}" is not a rule such as "1 week", "2 day" or "1 month"`,
    );
  return {
    recurrence: {
      every: Number(m[1]),
      unit: m[2],
      ...(o.until ? { until: o.until } : {}),
      ...(o.count ? { count: Number(o.count) } : {}),
    },
    ...(o.variant ? { variants: o.variant } : {}),
  };
}

function createdText(c: {
  postId: string;
  status: string;
  scheduledFor?: string;
  seriesId?: string;
  platforms: Target[];
  problems?: { message: string }[];
}): string {
  const lines = [`Post ${c.postId}: ${c.status}${c.scheduledFor ? ` for ${c.scheduledFor}` : ''}`];
  if (c.seriesId) lines.push(`  series ${c.seriesId}`);
  lines.push(...c.platforms.map(targetLine));
  for (const p of c.problems ?? []) lines.push(`  to fix before scheduling: ${p.message}`);
  return lines.join('\n');
}

interface PostView {
  postId: string;
  status: string;
  content: string;
  scheduledFor: string | null;
  createdAt: string;
  platforms: Target[];
}

async function connectBluesky(api: Api, o: ConnectOptions): Promise<Integration[]> {
  if (!o.identifier || !o.password)
    throw new AppError(
      'invalid',
      'Bluesky connects with --identifier <handle> and --password <app password>',
    );
  const res = await api<{ integration?: Integration; integrations?: Integration[] }>(
    'POST',
    '/v1/connect/bluesky/auth',
    { identifier: o.identifier, password: o.password, ...(o.profile ? { profileId: o.profile } : {}) },
  );
  return res.integrations ?? (res.integration ? [res.integration] : []);
}

/** Starts the connect, listens on loopback for the redirect back, and reads the integration(s) it names. */
async function connectOAuth(api: Api, platform: string, o: ConnectOptions): Promise<Integration[]> {
  let done!: (params: URLSearchParams) => void;
  const back = new Promise<URLSearchParams>((resolve) => {
    done = resolve;
  });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/connected') {
      res.writeHead(404).end();
      return;
    }
    const failed = url.searchParams.get('error');
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(
      failed ? `Not connected: ${failed}. You can close this tab.\n` : 'Connected. You can close this tab.\n',
    );
    done(url.searchParams);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const redirect = `http://127.0.0.1:${(server.address() as AddressInfo).port}/connected`;
  try {
    const query = new URLSearchParams({
      redirectUri: redirect,
      cancelRedirectUri: redirect,
      ...(o.profile ? { profileId: o.profile } : {}),
    });
    const { url } = await api<{ url: string }>('GET', `/v1/connect/${encodeURIComponent(platform)}?${query}`);
    process.stderr.write(`Open this URL in a browser to connect ${platform}:\n${url}\n`);
    const seconds = Number(o.timeout);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new AppError('unavailable', `No answer from the browser within ${seconds} s`)),
        seconds * 1000,
      );
    });
    const params = await Promise.race([back, timedOut]).finally(() => clearTimeout(timer));
    const error = params.get('error');
    if (error) throw new AppError('platform_error', `Not connected: ${error}`);
    const token = params.get('selectionToken');
    if (token)
      throw new AppError(
        'invalid',
        `Choose the pages to connect: GET then POST /v1/connect/${platform}/selection/${token} (one-time token)`,
      );
    const ids = (params.get('integrationIds') ?? params.get('integrationId') ?? '')
      .split(',')
      .filter(Boolean);
    return Promise.all(
      ids.map(
        async (id) =>
          (
            await api<{ integration: Integration }>(
              'GET',
              `/v1/connect/integrations/${encodeURIComponent(id)}`,
            )
          ).integration,
      ),
    );
  } finally {
    server.close();
    server.closeAllConnections();
  }
}

/** `int_…` (its platform is looked up) or `platform:int_…`. */
async function targetOf(api: Api, to: string): Promise<{ platform: string; accountId: string }> {
  const m = /^([a-z]+):(.+)$/.exec(to);
  if (m) return { platform: m[1] as string, accountId: m[2] as string };
  const { integration } = await api<{ integration: Integration }>(
    'GET',
    `/v1/connect/integrations/${encodeURIComponent(to)}`,
  );
  return { platform: integration.platform, accountId: integration.id };
}

function mediaItem(value: string): { type: string; url: string } {
  const m = /^(image|video|gif|document):(.+)$/.exec(value);
  if (m) return { type: m[1] as string, url: m[2] as string };
  const path = (URL.canParse(value) ? new URL(value).pathname : value).toLowerCase();
  const type = /\.(mp4|mov|m4v|webm)$/.test(path)
    ? 'video'
    : path.endsWith('.gif')
      ? 'gif'
      : path.endsWith('.pdf')
        ? 'document'
        : 'image';
  return { type, url: value };
}

/** Reads the post every second until it is final, printing each account whose state changed. */
async function follow(api: Api, postId: string, progress: boolean): Promise<PostView> {
  const seen = new Map<string, string>();
  for (;;) {
    const { post } = await api<{ post: PostView }>('GET', `/v1/posts/${encodeURIComponent(postId)}`);
    for (const t of post.platforms) {
      const id = `${t.platform}/${t.integrationId ?? ''}`;
      if (progress && seen.get(id) !== t.status) process.stderr.write(`${targetLine(t)}\n`);
      seen.set(id, t.status ?? '');
    }
    if (FINAL.has(post.status)) return post;
    await new Promise((r) => setTimeout(r, 1000));
  }
}
