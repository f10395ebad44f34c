/**
 * Real traffic as a second witness (recordings/): every recorded request and answer
 * must agree with the platform's description, our adapters must read the recorded
 * answers (the simulator answers with them, through fault rules), and the requests
 * our adapters send must have the shape of the recorded ones.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AuthEnv, OAuthPlatformAuth } from '../../platforms/auth-types.ts';
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
        const body = request.body === undefined ? undefined : JSON.stringify(request.body);
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
