/**
 * AI captions and images through the HTTP API against the simulator's
 * OpenAI-compatible fake, on SQLite and PostgreSQL: captions fit the strictest
 * platform (retried, then trimmed, when the model overshoots), images are stored
 * like uploads, credits are charged only for what was delivered, checked before
 * the provider is asked, and every provider failure is a 503 that costs nothing.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { IMAGE_LINK_MAX_BYTES } from '../../domain/ai/openai.ts';
import { chargeCredits } from '../../domain/credits/balance.ts';
import { createProject } from '../../domain/projects/projects.ts';
import { graphemeLength, xWeightedLength } from '../../facts/text-length.ts';
import { type FixtureServer, png, startFixtureServer } from '../../media/testing.ts';
import { completion } from '../../simulator/ai/index.ts';
import { type Simulator, startSimulator } from '../../simulator/index.ts';

const CHAT = '/v1/chat/completions';
const IMAGES = '/v1/images/generations';

forEachDatabase('AI captions and images', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
    t = await startTestService(dialect, { settings: { SIMULATOR_URL: sim.url, AI_TIMEOUT_MS: '500' } });
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  const used = async (key = t.accessKey) =>
    (await t.request('GET', '/v1/usage', undefined, { 'x-access-key': key })).body.balance.monthly
      .used as number;
  const chatCalls = () => sim.calls.count({ path: CHAT });
  const long =
    'Spring is finally here and our whole team has been working for months on this collection '.repeat(8);

  it('writes a caption that fits the strictest platform and charges 2 credits', async () => {
    const before = await used();
    const res = await t.request('POST', '/v1/ai/write', {
      description: 'our spring collection launches friday with 20% off for subscribers',
      platforms: ['twitter', 'bluesky'],
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.creditsCharged, 2);
    assert.match(res.body.content, /spring collection/i);
    assert.equal((await used()) - before, 2);
    const call = sim.calls.last({ path: CHAT });
    assert.match(JSON.stringify(call?.body), /at most 280 characters/, "the model is told X's limit");
  });

  it('sends an over-long caption back once, and keeps the shorter second answer', async () => {
    sim.faults.add({ path: CHAT, times: 1, status: 200, body: completion('sim-text', long) });
    const calls = chatCalls();
    const res = await t.request('POST', '/v1/ai/write', {
      description: 'spring launch',
      platforms: ['bluesky'],
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(chatCalls() - calls, 2);
    assert.match(JSON.stringify(sim.calls.last({ path: CHAT })?.body), /does not fit: bluesky/);
    assert.ok(graphemeLength(res.body.content) <= 300);
  });

  it('trims a caption the model keeps making too long, at a word, to fit', async () => {
    sim.faults.add({ path: CHAT, times: 2, status: 200, body: completion('sim-text', long) });
    const res = await t.request('POST', '/v1/ai/write', {
      description: 'spring launch',
      platforms: ['twitter', 'linkedin'],
    });
    assert.equal(res.status, 200, res.text);
    const content = res.body.content as string;
    assert.ok(xWeightedLength(content) <= 280, `${xWeightedLength(content)} weighted`);
    assert.ok(xWeightedLength(content) > 200, 'trimmed no more than needed');
    assert.ok(long.startsWith(content) && !/\s$/.test(content));
    assert.ok(/\w$/.test(content), 'cut at a word');
  });

  for (const [name, rule, expect] of [
    [
      'a rate limit (429)',
      { status: 429, headers: { 'retry-after': '7' }, body: { error: { message: 'Rate limit reached' } } },
      /HTTP 429 \(rate limited\): Rate limit reached/,
    ],
    [
      'a server error (500)',
      { status: 500, body: { error: { message: 'overloaded' } } },
      /HTTP 500: overloaded/,
    ],
    ['a time-out', { timeout: true }, /no answer within 500 ms/],
    ['an answer without a caption', { status: 200, body: { choices: [] } }, /no message content/],
  ] as const) {
    it(`answers 503 on ${name} and charges nothing`, async () => {
      sim.faults.add({ path: CHAT, times: 1, ...rule });
      const before = await used();
      const res = await t.request('POST', '/v1/ai/write', { description: 'spring launch' });
      assert.equal(res.status, 503, res.text);
      assert.match(res.body.message, expect);
      assert.match(res.body.message, /nothing was charged/);
      if (name.includes('429')) assert.equal(res.headers['retry-after'], '7');
      assert.equal(await used(), before);
    });
  }

  it('generates an image, stores it like an upload, and charges 10 credits', async () => {
    const before = await used();
    const res = await t.request('POST', '/v1/ai/image', {
      description: 'a sunlit flower shop window',
      aspectRatio: 'landscape',
      style: 'photo',
      referenceImageUrls: ['https://cdn.example.com/ref.jpg'],
      assetImageUrls: [],
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.creditsCharged, 10);
    assert.equal(res.body.mimeType, 'image/png');
    assert.equal((await used()) - before, 10);
    const sent = sim.calls.last({ path: IMAGES })?.body as { size: string; prompt: string } | undefined;
    assert.equal(sent?.size, '1536x1024');
    assert.match(sent?.prompt ?? '', /Style: photo\.[\s\S]*ref\.jpg/);
    const u = new URL(res.body.url);
    const file = await t.service.server!.inject({ method: 'GET', url: u.pathname });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'image/png');
    assert.equal(file.rawPayload.subarray(1, 4).toString(), 'PNG');
  });

  it('takes the deprecated referenceImageUrl like one more reference image', async () => {
    const res = await t.request('POST', '/v1/ai/image', {
      description: 'a bakery counter',
      referenceImageUrl: 'https://cdn.example.com/single-ref.jpg',
      referenceImageUrls: ['https://cdn.example.com/listed-ref.jpg'],
    });
    assert.equal(res.status, 200, res.text);
    const sent = sim.calls.last({ path: IMAGES })?.body as { prompt: string } | undefined;
    assert.match(sent?.prompt ?? '', /reference images: \S*listed-ref\.jpg, \S*single-ref\.jpg\./);
    const alone = await t.request('POST', '/v1/ai/image', {
      description: 'a bakery counter',
      referenceImageUrl: 'https://cdn.example.com/only-ref.jpg',
    });
    assert.equal(alone.status, 200, alone.text);
    const sentAlone = sim.calls.last({ path: IMAGES })?.body as { prompt: string } | undefined;
    assert.match(sentAlone?.prompt ?? '', /reference images: https:\/\/cdn\.example\.com\/only-ref\.jpg\./);
    const five = await t.request('POST', '/v1/ai/image', {
      description: 'x',
      referenceImageUrl: 'https://cdn.example.com/5.jpg',
      referenceImageUrls: [1, 2, 3, 4].map((i) => `https://cdn.example.com/${i}.jpg`),
    });
    assert.equal(five.status, 400, five.text);
    assert.match(five.body.message, /5 reference images; at most 4/);
  });

  it('charges nothing and stores nothing when the image provider fails', async () => {
    sim.faults.add({ path: IMAGES, times: 1, status: 500, body: { error: { message: 'boom' } } });
    const before = await used();
    const rows = async () =>
      (await t.ctx.store.db.selectFrom('media_uploads').select('id').where('source', '=', 'ai').execute())
        .length;
    const stored = await rows();
    const res = await t.request('POST', '/v1/ai/image', { description: 'x' });
    assert.equal(res.status, 503, res.text);
    assert.equal(await used(), before);
    assert.equal(await rows(), stored);
  });

  describe('an image the provider answers as a link is fetched through the outbound client', () => {
    /** A server on 127.0.0.2, a loopback address OUTBOUND_ALLOWLIST (127.0.0.1, ::1, localhost) does not name. */
    let hidden: Server;
    let hiddenUrl = '';
    let hiddenHits = 0;
    let fixtures: FixtureServer;
    before(async () => {
      fixtures = await startFixtureServer();
      hidden = createServer((_req, res) => {
        hiddenHits++;
        res.writeHead(200, { 'content-type': 'image/png' }).end(png(8, 8));
      });
      await new Promise<void>((r) => hidden.listen(0, '127.0.0.2', r));
      hiddenUrl = `http://127.0.0.2:${(hidden.address() as AddressInfo).port}/image.png`;
    });
    after(async () => {
      await fixtures.close();
      await new Promise((r) => hidden.close(r));
    });
    const answerWithLink = (url: string) =>
      sim.faults.add({ path: IMAGES, times: 1, status: 200, body: { created: 1, data: [{ url }] } });

    it('an allowed link is read and charged', async () => {
      answerWithLink(fixtures.set('/ai/linked.png', png(64, 64), 'image/png'));
      const before = await used();
      const res = await t.request('POST', '/v1/ai/image', { description: 'linked' });
      assert.equal(res.status, 200, res.text);
      assert.equal((await used()) - before, 10);
    });

    it('a link to an address that is not allowed is never requested: 503, nothing charged', async () => {
      answerWithLink(hiddenUrl);
      const before = await used();
      const res = await t.request('POST', '/v1/ai/image', { description: 'hidden' });
      assert.equal(res.status, 503, res.text);
      assert.match(res.body.message, /image link points to an address that is not allowed/);
      assert.equal(hiddenHits, 0);
      assert.equal(await used(), before);
    });

    it('a redirect to such an address is refused too', async () => {
      const redirector = createServer((_req, res) => res.writeHead(302, { location: hiddenUrl }).end());
      await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
      try {
        answerWithLink(`http://127.0.0.1:${(redirector.address() as AddressInfo).port}/go`);
        const before = await used();
        const res = await t.request('POST', '/v1/ai/image', { description: 'redirected' });
        assert.equal(res.status, 503, res.text);
        assert.equal(hiddenHits, 0);
        assert.equal(await used(), before);
      } finally {
        await new Promise((r) => redirector.close(r));
      }
    });

    it('a link serving more than the limit is cut off: 503, nothing charged', async () => {
      answerWithLink(fixtures.set('/ai/huge.png', png(64, 64, IMAGE_LINK_MAX_BYTES + 1), 'image/png'));
      const before = await used();
      const res = await t.request('POST', '/v1/ai/image', { description: 'huge' });
      assert.equal(res.status, 503, res.text);
      assert.match(res.body.message, /more than \d+ bytes/);
      assert.equal(await used(), before);
    });
  });

  it('answers 402 with the balance before asking the provider when credits are short', async () => {
    const poor = await createProject(t.ctx, 'poor');
    await t.ctx.store.db
      .transaction()
      .execute((trx) =>
        chargeCredits(trx, t.ctx, poor.projectId, [
          { amount: t.ctx.config.MONTHLY_CREDITS - 5, reason: 'test' },
        ]),
      );
    const calls = sim.calls.count();
    const image = await t.request(
      'POST',
      '/v1/ai/image',
      { description: 'x' },
      { 'x-access-key': poor.accessKey },
    );
    assert.equal(image.status, 402, image.text);
    assert.match(image.body.message, /needs 10 and 5 remain/);
    const caption = await t.request(
      'POST',
      '/v1/ai/write',
      { description: 'x' },
      { 'x-access-key': poor.accessKey },
    );
    assert.equal(caption.status, 200, 'a caption still fits in 5 credits');
    assert.equal(sim.calls.count() - calls, 1, 'only the caption reached the provider');
  });

  it('usage counts captions and images in their own categories, which add up to the total', async () => {
    const usage = await t.request('GET', '/v1/usage');
    assert.equal(usage.status, 200, usage.text);
    const month = usage.body.usage.at(-1);
    assert.ok(month.categories.aiCaption >= 2 && month.categories.aiCaption % 2 === 0, usage.text);
    assert.ok(month.categories.aiImage >= 10 && month.categories.aiImage % 10 === 0, usage.text);
    assert.deepEqual(month.platform, {}, 'AI credits are no platform');
    const sum = Object.values(month.categories as Record<string, number>).reduce((a, b) => a + b, 0);
    assert.equal(sum, month.count);
    // The prices a client shows before a call are the ones charged (2 and 10 above).
    assert.deepEqual(usage.body.prices, { aiCaption: 2, aiImage: 10, analytics: 1 });
  });

  it('refuses bad input with 400', async () => {
    for (const [path, body] of [
      ['/v1/ai/write', {}],
      ['/v1/ai/write', { description: '' }],
      ['/v1/ai/write', { description: 'x', platforms: ['myspace'] }],
      ['/v1/ai/write', { description: 'x', extra: true }],
      ['/v1/ai/image', { description: 'x', style: 'oil' }],
      ['/v1/ai/image', { description: 'x', aspectRatio: '4:3' }],
      ['/v1/ai/image', { description: 'x', referenceImageUrls: ['not a url'] }],
      ['/v1/ai/image', { description: 'x', referenceImageUrl: 'not a url' }],
      ['/v1/ai/image', { description: 'x', referenceImageUrl: ['https://cdn.example.com/a.jpg'] }],
      ['/v1/ai/image', { description: ' \n ' }],
    ] as const) {
      const res = await t.request('POST', path, body);
      assert.equal(res.status, 400, `${path} ${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.body.success, false);
    }
  });
});

forEachDatabase('AI without a provider', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect);
  });
  after(() => t.close());

  it('answers 503 naming the settings to set, for both endpoints', async () => {
    for (const path of ['/v1/ai/write', '/v1/ai/image']) {
      const res = await t.request('POST', path, { description: 'x' });
      assert.equal(res.status, 503, res.text);
      assert.match(res.body.message, /set AI_BASE_URL/);
    }
  });
});
