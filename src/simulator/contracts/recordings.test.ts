/**
 * Real traffic as a second witness (recordings/): every recorded request and answer
 * must agree with the platform's description, our adapters must read the recorded
 * answers (the simulator answers with them, through fault rules), and the requests
 * our adapters send must have the shape of the recorded ones.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AuthEnv, OAuthPlatformAuth } from '../../platforms/auth-types.ts';
import { redditModule } from '../../platforms/reddit/index.ts';
import { type AdapterHarness, startAdapterHarness } from '../../platforms/shared/testing.ts';
import { twitterModule } from '../../platforms/twitter/index.ts';
import { youtubeModule } from '../../platforms/youtube/index.ts';
import { ContractChecker } from './check.ts';
import { loadRecordings, type RecordedAnswer, type RecordedRequest } from './recordings.ts';

const recordings = loadRecordings();
const checker = new ContractChecker();

/** A JSON value's shape: the paths of its members with their types (list items merged). */
const shape = (v: unknown, at = ''): string[] => {
  if (Array.isArray(v)) return [`${at}:array`, ...new Set(v.flatMap((x) => shape(x, `${at}[]`)))];
  if (v && typeof v === 'object')
    return [`${at}:object`, ...Object.entries(v).flatMap(([k, x]) => shape(x, `${at}/${k}`))].sort();
  return [`${at}:${v === null ? 'null' : typeof v}`];
};

describe('recorded real traffic', () => {
  it('names where it came from, and agrees with the descriptions', async () => {
    assert.ok(recordings.length > 0);
    for (const r of recordings) {
      assert.match(r.source.revision, /^[0-9a-f]{40}$/, `${r.file}: the commit it was read at`);
      assert.ok(r.file.startsWith(`${r.platform}.`) && r.trimmed && r.recorded, r.file);
      for (const [operation, { cassette, request, response }] of Object.entries(r.interactions)) {
        assert.ok(r.source.paths.includes(cassette), `${r.file} ${operation}: from a listed path`);
        const query = new URLSearchParams(request.query);
        // A form body is sent as a form (Reddit's writes), anything else as JSON.
        const body =
          request.body === undefined
            ? undefined
            : request.contentType === 'application/x-www-form-urlencoded'
              ? new URLSearchParams(request.body as Record<string, string>).toString()
              : JSON.stringify(request.body);
        const checked = await checker.checkRequest(r.platform, {
          method: request.method,
          path: request.path,
          fullPath: `/${r.platform}${request.path}`,
          platform: r.platform,
          query: request.query,
          searchParams: query,
          headers: request.contentType ? { 'content-type': request.contentType } : {},
          body: request.body,
          rawBody: Buffer.from(body ?? ''),
          params: {},
        });
        assert.equal(
          checked.operation,
          operation,
          `${r.file}: the recorded ${request.method} ${request.path}`,
        );
        const known = (side: string) =>
          (r.differences ?? [])
            .filter((d) => d.operation === operation && d.side === side)
            .map((d) => d.problem);
        const unlisted = (problems: string[], side: string) =>
          problems.filter((p) => !known(side).some((k) => p.endsWith(k)));
        const answered = checker.checkAnswer(r.platform, operation, response, request.method);
        assert.deepEqual(
          unlisted(checked.problems, 'request'),
          [],
          `${r.file} ${operation}: the recorded request`,
        );
        assert.deepEqual(unlisted(answered, 'answer'), [], `${r.file} ${operation}: the recorded answer`);
        // A listed difference that no longer shows is stale: the file must say what is true.
        for (const k of [...known('request'), ...known('answer')])
          assert.ok(
            [...checked.problems, ...answered].some((p) => p.endsWith(k)),
            `${r.file} ${operation}: the listed difference "${k}" still shows`,
          );
      }
    }
  });
});

describe("X's adapter and tweepy's recordings of X API v2", () => {
  const x = recordings.find((r) => r.file === 'twitter.tweepy.json')!;
  const recorded = (op: string) => x.interactions[op]!;
  const answerWith = (req: RecordedRequest, res: RecordedAnswer) =>
    h.sim.faults.add({
      platform: 'twitter',
      method: req.method,
      path: new RegExp(`^${req.path.replace(/\/\d+(?=\/|$)/g, '/\\d+')}$`),
      status: res.status,
      body: res.body,
      headers: res.headers,
      times: 1,
    });
  let h: AdapterHarness;
  const USER = '1500000000000000001';
  before(async () => {
    h = await startAdapterHarness('twitter');
  });
  after(() => h.close());

  it('creates a post as tweepy did, and reads the id from the recorded answer', async () => {
    const { request, response } = recorded('createPosts');
    const content = (request.body as { text: string }).text;
    answerWith(request, response);
    const account = h.account(USER, { username: 'TweepyDev' });
    const result = await twitterModule.publisher.publish(h.context({ account, content }));
    assert.equal(result.platformPostId, (response.body as { data: { id: string } }).data.id);
    const sent = h.sim.calls.last({ method: 'POST', path: '/2/tweets' });
    assert.equal(sent?.headers['content-type']?.split(';')[0], request.contentType);
    assert.deepEqual(shape(sent?.body), shape(request.body), 'the body tweepy sent for a text post');
  });

  it('deletes as tweepy did, reading the recorded {deleted: true}', async () => {
    const { request, response } = recorded('deletePosts');
    answerWith(request, response);
    const id = request.path.split('/').pop()!;
    await twitterModule.publisher.delete(h.deleteContext(h.account(USER), id));
    const sent = h.sim.calls.last({ method: 'DELETE' });
    assert.equal(sent?.path, request.path);
    assert.equal(sent?.body === undefined || JSON.stringify(sent.body) === '{}', true);
  });

  it('finds a lost post among the recorded recent posts of an account (reconcile)', async () => {
    const { request, response } = recorded('getUsersPosts');
    const [first] = (response.body as { data: { id: string; text: string }[] }).data;
    answerWith(request, response);
    const account = h.account(request.path.split('/')[3]!);
    const ctx = h.context({ account, content: first!.text });
    const found = await twitterModule.publisher.reconcile(ctx);
    assert.deepEqual(found.state === 'published' && found.platformPostId, first!.id);
  });
});

describe("YouTube's adapter and python-youtube's saved answers of the Data API", () => {
  const yt = recordings.find((r) => r.file === 'youtube.python-youtube.json')!;
  const recorded = (op: string) => yt.interactions[op]!;
  let h: AdapterHarness;
  before(async () => {
    h = await startAdapterHarness('youtube');
  });
  after(() => h.close());
  const answerWith = (req: RecordedRequest, res: RecordedAnswer) =>
    h.sim.faults.add({
      platform: 'youtube',
      method: req.method,
      path: new RegExp(`^${req.path}$`),
      status: res.status,
      body: res.body,
      headers: res.headers,
      times: 1,
    });

  it('lists the channel of the recorded channels answer, asking as the library did', async () => {
    const { request, response } = recorded('youtube.channels.list');
    answerWith(request, response);
    const env: AuthEnv = {
      platform: 'youtube',
      client: { clientId: 'sim-youtube-client', clientSecret: 'sim-youtube-secret' },
      url: (_host, path) => `${h.sim.baseUrl('youtube')}${path}`,
      redirectUri: 'http://127.0.0.1/callback',
      pdsUrl: '',
      timeoutMs: 5000,
      now: () => new Date(h.sim.clock.now()),
    };
    const { accessToken } = h.sim.issueTokens('youtube', {
      scopes: ['https://www.googleapis.com/auth/youtube.readonly'],
    });
    const tokens = {
      accessToken,
      refreshToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scopes: [],
    };
    const [channel] = await (youtubeModule.auth as OAuthPlatformAuth).listAccounts(env, tokens);
    const item = (response.body as { items: { id: string; snippet: { title: string } }[] }).items[0]!;
    assert.equal(channel?.platformUserId, item.id);
    assert.equal(channel?.displayName, item.snippet.title);
    const sent = h.sim.calls.last({ method: 'GET', path: '/youtube/v3/channels' });
    assert.equal(sent?.query.mine, request.query.mine, 'the own channel, as the library asked for it');
    assert.match(String(sent?.query.part), /snippet/);
  });

  it('posts a first comment as the library did, and reads the thread id from the saved answer', async () => {
    const { request, response } = recorded('youtube.commentThreads.insert');
    answerWith(request, response);
    const body = request.body as {
      snippet: { videoId: string; topLevelComment: { snippet: { textOriginal: string } } };
    };
    const account = {
      ...h.account('yt-recorded'),
      platformUserId: (response.body as { snippet: { channelId: string } }).snippet.channelId,
    };
    const ctx = h.commentContext(
      account,
      body.snippet.videoId,
      body.snippet.topLevelComment.snippet.textOriginal,
    );
    const id = await youtubeModule.firstComment!.post(ctx);
    assert.equal(id, (response.body as { id: string }).id);
    const sent = h.sim.calls.last({ method: 'POST', path: '/youtube/v3/commentThreads' });
    assert.equal(sent?.headers['content-type']?.split(';')[0], request.contentType);
    assert.deepEqual(
      shape(sent?.body),
      shape(request.body),
      'the body the library sent for a comment thread',
    );
    assert.deepEqual(sent?.body, request.body, 'the same comment thread, field for field');
  });
});

describe("Reddit's adapter and PRAW's recordings of Reddit's API", () => {
  const x = recordings.find((r) => r.file === 'reddit.praw.json')!;
  const recorded = (op: string) => x.interactions[op]!;
  const answerWith = (req: RecordedRequest, res: RecordedAnswer, path: RegExp) =>
    h.sim.faults.add({
      platform: 'reddit',
      method: req.method,
      path,
      status: res.status,
      body: res.body,
      headers: res.headers,
      times: 1,
    });
  let h: AdapterHarness;
  const USER = '1simred';
  const account = () => h.account(USER, { username: 'sim_redditor' });
  before(async () => {
    h = await startAdapterHarness('reddit');
  });
  after(() => h.close());

  it('submits a text post with the fields PRAW sent, and reads the id from the recorded answer', async () => {
    const { request, response } = recorded('submit');
    const sentByPraw = request.body as Record<string, string>;
    answerWith(request, response, /^\/api\/submit$/);
    const ctx = h.context({
      account: account(),
      content: sentByPraw.text!,
      // The recorded subreddit is a placeholder: the rules are read from the simulator's sandbox.
      platformSpecificData: { subreddit: 'sandbox', title: sentByPraw.title! },
    });
    const result = await redditModule.publisher.publish(ctx);
    const name = (response.body as { json: { data: { id: string } } }).json.data.id;
    assert.deepEqual(result.state === 'published' && result.platformPostId, name);
    const sent = h.sim.calls.last({ method: 'POST', path: '/api/submit' });
    assert.equal(sent?.headers['content-type']?.split(';')[0], request.contentType);
    const ours = sent?.body as Record<string, string>;
    for (const field of ['api_type', 'kind', 'sr', 'title', 'text', 'sendreplies'])
      assert.ok(field in ours && field in sentByPraw, `both send ${field}`);
    assert.equal(ours.kind, sentByPraw.kind);
    assert.equal(ours.text, sentByPraw.text);
  });

  it('deletes as PRAW did, reading the recorded {}', async () => {
    const { request, response } = recorded('del');
    answerWith(request, response, /^\/api\/del$/);
    const fullname = (request.body as { id: string }).id;
    await redditModule.publisher.delete(h.deleteContext(account(), fullname.slice(3)));
    const sent = h.sim.calls.last({ method: 'POST', path: '/api/del' });
    assert.equal((sent?.body as { id?: string } | undefined)?.id, fullname);
  });

  it('comments as PRAW replied, reading the comment from the recorded answer', async () => {
    const { request, response } = recorded('comment');
    answerWith(request, response, /^\/api\/comment$/);
    const body = request.body as { thing_id: string; text: string };
    const id = await redditModule.firstComment.post(
      h.commentContext(account(), body.thing_id.slice(3), body.text),
    );
    const things = (response.body as { json: { data: { things: { data: { name: string } }[] } } }).json.data
      .things;
    assert.equal(id, things[0]?.data.name);
    const sent = h.sim.calls.last({ method: 'POST', path: '/api/comment' });
    assert.deepEqual(Object.keys(sent?.body as object).sort(), Object.keys(body).sort());
  });

  it('finds a lost post among the recorded submitted listing (reconcile)', async () => {
    const { request, response } = recorded('submitted');
    const listing = response.body as { data: { children: { data: Record<string, unknown> }[] } };
    const first = listing.data.children[0]!.data;
    answerWith(request, response, /^\/user\/[^/]+\/submitted$/);
    const ctx = h.context({
      account: h.account(USER, { username: request.path.split('/')[2]! }),
      content: String(first.selftext),
      platformSpecificData: { subreddit: String(first.subreddit), title: String(first.title) },
      checkpoint: { createAfter: new Date((Number(first.created_utc) - 1) * 1000).toISOString() },
    });
    const found = await redditModule.publisher.reconcile(ctx);
    assert.deepEqual(found.state === 'published' && found.platformPostId, first.id);
    const sent = h.sim.calls.last({ method: 'GET' });
    assert.equal(sent?.query.sort, request.query.sort);
    assert.equal(sent?.query.limit, request.query.limit);
  });
});
