/**
 * The contract files and their checker: each file names its source, its schemas
 * compile, every operation it describes is served by the simulator, and the check
 * refuses what a platform's description refuses (so a departure can fail a test).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../config.ts';
import { startSimulator } from '../core/simulator.ts';
import type { Simulator } from '../core/simulator-api.ts';
import { cidOf, tidAt } from '../platforms/bluesky/ids.ts';
import { isCid, isTid } from './atproto-formats.ts';
import { ContractChecker, loadContracts } from './check.ts';

const contracts = loadContracts();

describe('platform API contracts', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator({ contracts: true });
  });
  after(() => sim.close());

  it('name their source: repository, path, commit and version', () => {
    assert.ok(
      contracts.size >= 10,
      'X, Pinterest, Bluesky, YouTube, Facebook, Instagram, Threads, TikTok, LinkedIn, Google Business Profile',
    );
    for (const [platform, c] of contracts) {
      assert.match(c.source.repository, /^[\w.-]+\/[\w.-]+$|^https:\/\//, platform);
      assert.ok(c.source.path, `${platform}: source path`);
      // A commit (or a published tarball's SHA-1); hand transcriptions say when they were made.
      assert.match(
        c.source.revision,
        /^[0-9a-f]{40}$|^transcribed \d{4}-\d{2}-\d{2}$/,
        `${platform}: revision`,
      );
      for (const [id, op] of Object.entries(c.operations))
        if (op.transcribed !== undefined || c.source.revision.startsWith('transcribed'))
          assert.match(
            op.transcribed ?? '',
            /^https:\/\/\S+ \(read \d{4}-\d{2}-\d{2}\)/,
            `${platform} ${id}: names the page it was transcribed from and the day it was read`,
          );
      assert.ok(c.source.version, `${platform}: source version`);
      for (const [id, op] of Object.entries(c.operations)) {
        assert.match(op.method, /^(GET|POST|PUT|PATCH|DELETE)$/, `${platform} ${id}`);
        assert.ok(Object.keys(op.responses).length > 0, `${platform} ${id}: answers described`);
      }
    }
  });

  it('describe only operations the simulator serves', async () => {
    for (const [platform, c] of contracts) {
      for (const [id, op] of Object.entries(c.operations)) {
        const path = op.path.replace(/\{[^}]+\}/g, '1');
        const res = await fetch(`${sim.baseUrl(platform as 'twitter')}${path}`, { method: op.method });
        const text = await res.text();
        // The simulator's own 404/405 for a path or method it does not serve.
        assert.ok(
          !/The simulator has no|not allowed on/.test(text),
          `${platform} ${id}: the simulator serves ${op.method} ${op.path} (${res.status} ${text.slice(0, 80)})`,
        );
      }
    }
    // Those calls were bare probes (no token, no body): not the adapters' traffic.
    sim.contracts.clear();
  });

  it('checks a request the simulator refused itself, and holds a test to the departures it declares', async () => {
    const send = (body: unknown) =>
      fetch(`${sim.baseUrl('twitter')}/2/tweets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    sim.contracts.clear();
    // No token: the simulator refuses it (401) for a reason of its own; the field is
    // still one X's description does not have, and that is what the check reports.
    assert.equal((await send({ text: 'hi', colour: 'red' })).status, 401);
    assert.match(
      sim.contracts
        .violations('twitter')
        .flatMap((v) => v.problems)
        .join(),
      /field "colour" is not in the description/,
    );
    assert.throws(() => sim.contracts.assertNone(), /field "colour"/);

    const declared = {
      platform: 'twitter',
      problem: /field "colour"/,
      why: 'a field X does not take, on purpose',
    };
    sim.contracts.expect(declared);
    await send({ text: 'hi', colour: 'red' });
    sim.contracts.assertNone();
    sim.contracts.expect(declared);
    await send({ text: 'hi' });
    assert.throws(() => sim.contracts.assertNone(), /did not happen \(a field X does not take, on purpose\)/);
    // Declaring one departure does not excuse another.
    sim.contracts.expect(declared);
    await send({ text: 'hi', colour: 'red', reply: { in_reply_to_tweet_id: 5 } });
    assert.throws(() => sim.contracts.assertNone(), /in_reply_to_tweet_id: must be string/);
  });

  it('refuses an unknown field, a wrong type, a missing required field and an unknown operation', async () => {
    const checker = new ContractChecker(contracts);
    const request = (method: string, path: string, body?: unknown, query = '') =>
      checker.checkRequest('twitter', {
        method,
        path,
        fullPath: `/twitter${path}`,
        platform: 'twitter',
        query: Object.fromEntries(new URLSearchParams(query)),
        searchParams: new URLSearchParams(query),
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body,
        rawBody: body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body)),
        params: {},
      });
    assert.deepEqual((await request('POST', '/2/tweets', { text: 'hello' })).problems, []);
    const invented = await request('POST', '/2/tweets', { text: 'hello', colour: 'red' });
    assert.match(invented.problems.join(), /field "colour" is not in the description/);
    const mistyped = await request('POST', '/2/tweets', { text: 'hi', reply: { in_reply_to_tweet_id: 5 } });
    assert.match(mistyped.problems.join(), /reply\/in_reply_to_tweet_id: must be string/);
    const older = await request('GET', '/2/users/1/tweets', undefined, 'tweet.fields=text');
    assert.match(older.problems.join(), /field "tweet.fields" is not in the description/);
    const badEnum = await request('GET', '/2/users/1/tweets', undefined, 'post.fields=colour');
    assert.match(badEnum.problems.join(), /must be one of/);
    assert.match(
      (await request('POST', '/2/tweets/1/likes', {})).problems.join(),
      /is not an operation of the twitter contract/,
    );
    const append = (answer: unknown, status = 200, type = 'application/json') =>
      checker.checkAnswer('twitter', 'appendMediaUpload', {
        status,
        body: answer,
        headers: { 'content-type': type },
      });
    assert.deepEqual(append({ data: { expires_at: 1 } }), []);
    assert.match(append(undefined, 204).join(), /answer: no body, the description has application\/json/);
    const finalize = (answer: unknown) =>
      checker.checkAnswer('twitter', 'finalizeMediaUpload', { status: 200, body: answer });
    assert.match(finalize({ data: {} }).join(), /must have required property 'id'/);
    assert.match(
      append({ title: 'x', detail: 'y', type: 'about:blank' }, 400, 'application/json').join(),
      /must have required property 'code'/,
      "an error answered as application/json must be X's legacy {code, message}",
    );
    assert.deepEqual(
      append({ title: 'x', detail: 'y', type: 'about:blank' }, 400, 'application/problem+json'),
      [],
    );
  });

  it('pins the LinkedIn-Version the adapter sends to the one the LinkedIn file was read at', () => {
    const pinned = contracts.get('linkedin')?.source.readAtVersion;
    assert.deepEqual(pinned, { header: 'linkedin-version', value: loadConfig().LINKEDIN_API_VERSION });
    assert.match(
      String(contracts.get('linkedin')?.source.version),
      new RegExp(`${pinned.value.slice(0, 4)}-${pinned.value.slice(4)}`),
    );
  });

  it("checks LinkedIn's required headers and tells its Rest.li actions apart by ?action=", async () => {
    const checker = new ContractChecker(contracts);
    const rest = { 'linkedin-version': '202605', 'x-restli-protocol-version': '2.0.0' };
    const request = (path: string, body: unknown, query = '', headers: Record<string, string> = rest) =>
      checker.checkRequest('linkedin', {
        method: 'POST',
        path,
        fullPath: `/linkedin${path}`,
        platform: 'linkedin',
        query: Object.fromEntries(new URLSearchParams(query)),
        searchParams: new URLSearchParams(query),
        headers: { ...headers, 'content-type': 'application/json', authorization: 'Bearer t' },
        body,
        rawBody: Buffer.from(JSON.stringify(body)),
        params: {},
      });
    const post = {
      author: 'urn:li:person:abc',
      commentary: 'hello',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
    };
    assert.deepEqual((await request('/rest/posts', post)).problems, []);
    const newer = await request('/rest/posts', post, '', { ...rest, 'linkedin-version': '202608' });
    assert.match(
      newer.problems.join(),
      /linkedin-version 202608 is not the version the description was read at \(202605\)/,
    );
    const unversioned = await request('/rest/posts', post, '', { 'x-restli-protocol-version': '2.0.0' });
    assert.match(unversioned.problems.join(), /headers: must have required property 'linkedin-version'/);
    const { distribution: _, ...undistributed } = post;
    assert.match(
      (await request('/rest/posts', undistributed)).problems.join(),
      /must have required property 'distribution'/,
    );
    assert.match(
      (await request('/rest/posts', { ...post, visibility: 'FRIENDS' })).problems.join(),
      /must be one of/,
    );
    const finalize = {
      finalizeUploadRequest: { video: 'urn:li:video:1', uploadToken: '', uploadedPartIds: ['e'] },
    };
    const finalized = await request('/rest/videos', finalize, 'action=finalizeUpload');
    assert.equal(finalized.operation, 'videos.finalizeUpload');
    assert.deepEqual(finalized.problems, []);
    const crossed = await request('/rest/videos', finalize, 'action=initializeUpload');
    assert.equal(crossed.operation, 'videos.initializeUpload');
    assert.match(crossed.problems.join(), /field "finalizeUploadRequest" is not in the description/);
    assert.match(
      (await request('/rest/videos', finalize, 'action=deleteUpload')).problems.join(),
      /is not an operation of the linkedin contract/,
    );
  });

  it('checks Google Business local posts against the v4 pages and listings against the v1 discovery', async () => {
    const checker = new ContractChecker(contracts);
    const call = (method: string, path: string, body?: unknown, query = '') =>
      checker.checkRequest('googlebusiness', {
        method,
        path,
        fullPath: `/googlebusiness${path}`,
        platform: 'googlebusiness',
        query: Object.fromEntries(new URLSearchParams(query)),
        searchParams: new URLSearchParams(query),
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body,
        rawBody: body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body)),
        params: {},
      });
    const posts = '/v4/accounts/1/locations/2/localPosts';
    const post = {
      topicType: 'STANDARD',
      summary: 'hi',
      media: [{ mediaFormat: 'PHOTO', sourceUrl: 'https://example.com/a.jpg' }],
      callToAction: { actionType: 'LEARN_MORE', url: 'https://example.com' },
    };
    assert.deepEqual((await call('POST', posts, post)).problems, []);
    assert.match(
      (await call('POST', posts, { ...post, topicType: 'PRODUCT' })).problems.join(),
      /must be one of/,
    );
    assert.match(
      (await call('POST', posts, { ...post, media: [{ mediaFormat: 'PHOTO', url: 'x' }] })).problems.join(),
      /field "url" is not in the description/,
    );
    assert.deepEqual((await call('GET', posts, undefined, 'pageSize=100')).problems, []);
    assert.match((await call('GET', posts, undefined, 'pageSize=many')).problems.join(), /must be integer/);
    const locations = await call(
      'GET',
      '/v1/accounts/1/locations',
      undefined,
      'readMask=name,title&pageSize=100',
    );
    assert.equal(locations.operation, 'mybusinessbusinessinformation.accounts.locations.list');
    assert.deepEqual(locations.problems, []);
  });

  it('knows a real CID and TID from look-alikes', () => {
    assert.ok(isCid(cidOf('{"text":"hi"}')), 'a record CID (dag-cbor)');
    assert.ok(isCid(cidOf(Buffer.from('png'), 'raw')), 'a blob CID (raw)');
    assert.ok(
      isCid('bafyreie5737gdxlw5i64vzichcalba3z2v5n6icifvx5xytvske7mr3hpm'),
      'a CID from the AT Protocol docs',
    );
    // What the simulator used to answer: the right prefix, then hex instead of a digest.
    assert.ok(!isCid(`bafkrei${'ab12'.repeat(13)}`));
    assert.ok(!isCid(`bafyrei${'a'.repeat(52)}x`));
    assert.ok(isTid(tidAt(Date.now())));
    assert.ok(isTid('3jzfcijpj2z2a'), 'a TID from the AT Protocol docs');
    assert.ok(!isTid('zzzzzzzzzzzzz'), 'the top bit must be clear');
    assert.ok(!isTid('3jzfcijpj2z2'), 'thirteen characters');
  });

  it('reads Graph parameters from the query and the body alike, lists given as name[i]', async () => {
    const checker = new ContractChecker(contracts);
    const form = (fields: Record<string, string>, query = '') => {
      const raw = Buffer.from(new URLSearchParams(fields).toString());
      return checker.checkRequest('facebook', {
        method: 'POST',
        path: '/v25.0/200000000000001/feed',
        fullPath: '/facebook/v25.0/200000000000001/feed',
        platform: 'facebook',
        query: Object.fromEntries(new URLSearchParams(query)),
        searchParams: new URLSearchParams(query),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: Object.fromEntries(new URLSearchParams(fields)),
        rawBody: raw,
        params: {},
      });
    };
    const ok = await form(
      { message: 'hi', published: 'true', 'attached_media[0]': '{"media_fbid":"1"}' },
      'access_token=t',
    );
    assert.deepEqual(ok.problems, []);
    assert.match((await form({ message: 'hi', colour: 'red' })).problems.join(), /field "colour"/);
    assert.match(
      (await form({ message: 'hi', published: 'maybe' })).problems.join(),
      /published: must be boolean/,
    );
  });
});
