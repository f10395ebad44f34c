/**
 * The adapter part of the conformance suite (see conformance.ts): one adapter in
 * process against the simulator through the adapter harness. Every case ends by
 * counting the platform's posts with the case's text on the simulator: exactly one,
 * or none where nothing may have been created.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FaultRule } from '../../simulator/index.ts';
import { Crash, createDriver, type Driver } from './conformance-driver.ts';
import {
  basicKind,
  type CallMatch,
  type ConformanceSpec,
  type PostKind,
  sampleMedia,
  uniqueText,
} from './conformance-spec.ts';
import { type AdapterHarness, platformFailure, startAdapterHarness, type TestContext } from './testing.ts';

/** How far the adapter's reading of a rate-limit wait may be from the platform's (unix-second resets). */
const WAIT_TOLERANCE_MS = 2000;

export function describeAdapterConformance(spec: ConformanceSpec): void {
  const { platform, adapter } = spec;
  const kind = basicKind(spec);
  const create = spec.posts[kind]?.create as CallMatch;

  describe(`${platform} adapter conformance`, () => {
    let h: AdapterHarness;
    let d: Driver;
    before(async () => {
      h = await startAdapterHarness(platform);
      spec.setup?.(h.sim);
      d = createDriver(spec, h);
    });
    after(() => h.close());
    beforeEach(() => {
      h.sim.faults.clear();
      h.sim.calls.clear();
    });
    const fault = (call: CallMatch, rule: Omit<FaultRule, 'platform' | 'method' | 'path'>) =>
      h.sim.faults.add({ platform, method: call.method, path: call.path, times: 1, ...rule });
    /** Asserts the run published the one post with this text, under the id it answered. */
    const publishedOnce = (content: string, platformPostId: string) => {
      const posts = d.posts(content);
      assert.equal(posts.length, 1, `one ${platform} post with "${content}"`);
      assert.equal(posts[0]?.id, platformPostId, 'the answered id is the post the platform made');
    };
    /** Asserts reconcile found the one post with this text, with its id and URL. */
    const foundOnce = (content: string, found: { platformPostId: string; platformPostUrl: string }) => {
      publishedOnce(content, found.platformPostId);
      assert.equal(found.platformPostUrl, spec.postUrl(found.platformPostId));
    };
    /** Publishes with the create call left without an answer: aborted once `ready` resolves. */
    const publishUnanswered = async (content: string, ready: () => Promise<unknown>) => {
      const controller = new AbortController();
      const ctx = d.context(kind, content, { signal: controller.signal });
      const failure = platformFailure(adapter.publish(ctx));
      await h.sim.calls.waitFor({ platform, method: create.method, path: create.path });
      await ready();
      controller.abort();
      return { ctx, err: await failure };
    };

    for (const k of ['text', 'image', 'video'] as const) {
      if (!spec.posts[k]) continue;
      it(`publishes ${k === 'image' ? 'an' : 'a'} ${k} post once, answering its id and URL`, async () => {
        const content = uniqueText(platform, k);
        const run = await d.publish(d.context(k, content));
        publishedOnce(content, run.result.platformPostId);
        if (k === kind) assert.equal(run.result.platformPostUrl, spec.postUrl(run.result.platformPostId));
        else assert.match(run.result.platformPostUrl, /^https:\/\//);
        assert.equal(run.creates, 1, 'beginCreate once, right before the one create call');
        const [post] = d.posts(content);
        if (k === 'text') assert.equal(spec.mediaCount(post!), 0);
        else assert.ok(spec.mediaCount(post!) >= 1, `the ${k} is attached`);
      });
    }

    it('classifies a refused token as auth; nothing is created and the retry publishes once', async () => {
      const content = uniqueText(platform, 'auth');
      fault(create, { unauthorized: true });
      const ctx = d.context(kind, content);
      assert.equal((await platformFailure(adapter.publish(ctx))).errorClass, 'auth');
      assert.equal(d.posts(content).length, 0);
      const run = await d.publish(h.resume(ctx));
      publishedOnce(content, run.result.platformPostId);
    });

    it("classifies a rate limit as rate_limited with the platform's own wait", async () => {
      const content = uniqueText(platform, 'rate limited');
      fault(create, { rateLimit: spec.rateLimit.fault });
      const ctx = d.context(kind, content);
      const err = await platformFailure(adapter.publish(ctx));
      const expected = spec.rateLimit.expectedWaitMs(Date.now());
      assert.equal(err.errorClass, 'rate_limited');
      assert.ok(
        Math.abs((err.retryAfterMs ?? -1e9) - expected) <= WAIT_TOLERANCE_MS,
        `waits ${err.retryAfterMs} ms, the platform said ${expected} ms`,
      );
      assert.equal(d.posts(content).length, 0);
      publishedOnce(content, (await d.publish(h.resume(ctx))).result.platformPostId);
    });

    it('classifies a 5xx answer to the create as unknown_outcome; reconcile then one post', async () => {
      const content = uniqueText(platform, 'server error');
      fault(create, { status: spec.serverError.status, body: spec.serverError.body });
      const ctx = d.context(kind, content);
      const err = await platformFailure(adapter.publish(ctx));
      assert.equal(err.errorClass, 'unknown_outcome', 'a 5xx to a create call may hide a created post');
      await afterLostCreate(ctx, content);
    });

    const beforeCreate = spec.beforeCreate;
    if (beforeCreate) {
      it('classifies a 5xx before the create as transient; the retry publishes once', async () => {
        const content = uniqueText(platform, 'transient');
        const sample = spec.posts[beforeCreate.kind];
        fault(beforeCreate.call, { status: spec.serverError.status, body: spec.serverError.body });
        const ctx = h.context({
          account: d.account,
          content,
          mediaItems: sampleMedia(
            beforeCreate.kind,
            beforeCreate.media ? { media: beforeCreate.media } : {},
            h.fixtures,
          ),
          platformSpecificData: sample?.platformSpecificData ?? {},
        });
        assert.equal((await platformFailure(adapter.publish(ctx))).errorClass, 'transient');
        assert.equal(ctx.creates.length, 0, 'the create call was not reached');
        publishedOnce(content, (await d.finish(ctx)).result.platformPostId);
      });
    }

    for (const how of ['hang', 'reset'] as const) {
      const what = how === 'hang' ? 'timed out' : 'was cut off';
      it(`reconciles a create whose answer ${what} after the platform made the post: no second post`, async () => {
        const content = uniqueText(platform, `committed ${how}`);
        fault(create, { dropAfterCommit: how });
        const opens = spec.createOpensUpload;
        const committed = () =>
          until(() => (opens ? opens.committed(h.sim, content) : d.posts(content).length === 1));
        const { ctx, err } =
          how === 'hang'
            ? await publishUnanswered(content, committed)
            : { ctx: d.context(kind, content), err: undefined };
        const failure = err ?? (await platformFailure(adapter.publish(ctx)));
        assert.equal(failure.errorClass, 'unknown_outcome');
        if (opens) {
          if (how === 'reset') await committed();
          return afterLostCreate(ctx, content);
        }
        const found = await d.reconcile(h.resume(ctx));
        if (spec.reconcileBlind) {
          assert.equal(found.state, 'unknown', JSON.stringify(found));
          if (found.state === 'unknown') assert.match(found.reason, spec.reconcileBlind);
          assert.equal(d.posts(content).length, 1, 'the one post stays the only one');
          return;
        }
        assert.equal(found.state, 'published', JSON.stringify(found));
        if (found.state === 'published') foundOnce(content, found);
      });
    }

    it('reconciles a create that never reached the platform (timeout) as absent, then creates once', async () => {
      const content = uniqueText(platform, 'never reached');
      fault(create, { timeout: true });
      const { ctx, err } = await publishUnanswered(content, async () => {});
      assert.equal(err.errorClass, 'unknown_outcome');
      assert.equal(d.posts(content).length, 0);
      await afterLostCreate(ctx, content);
    });

    /** After a create that did not happen: absent (LinkedIn: reconcile creates it), then exactly one post. */
    async function afterLostCreate(ctx: TestContext, content: string) {
      assert.equal(d.posts(content).length, 0, 'the refused create made nothing');
      const retry = h.resume(ctx);
      const found = await d.reconcile(retry);
      if (spec.reconcileBlind) {
        assert.equal(found.state, 'unknown', JSON.stringify(found));
        if (found.state === 'unknown') assert.match(found.reason, spec.reconcileBlind);
        return;
      }
      if (spec.reconcileCreates) {
        assert.equal(found.state, 'published', JSON.stringify(found));
        if (found.state === 'published') foundOnce(content, found);
        return;
      }
      assert.deepEqual(found, { state: 'absent' });
      const run = await d.publish(h.resume(retry));
      assert.equal(run.creates, 1);
      publishedOnce(content, run.result.platformPostId);
    }

    it("fails a refusal for good as permanent with the platform's own message", async () => {
      const refuse = spec.permanent.refuse;
      if (spec.permanent.departure)
        h.sim.contracts.expect({
          platform,
          problem: spec.permanent.departure,
          why: "the refusal case sends, on purpose, a value the platform's description forbids",
        });
      const content = refuse === 'duplicate' ? uniqueText(platform, 'said twice') : refuse.content;
      const first = refuse === 'duplicate' ? (await d.publish(d.context(kind, content))).result : undefined;
      const err = await platformFailure(adapter.publish(d.context(kind, content)));
      assert.equal(err.errorClass, 'permanent');
      const message = spec.permanent.message(first?.platformPostId);
      if (typeof message === 'string') assert.equal(err.message, message);
      else assert.match(err.message, message);
      assert.equal(d.posts(content).length, first ? 1 : 0, 'the refused create made nothing');
    });

    /** Calls that change something on the platform, but the create (reconcile may send it again: LinkedIn). */
    const stepWrites = () => {
      const creates = new Set(
        h.sim.calls.list({ platform, method: crashCreate.method, path: crashCreate.path }),
      );
      const reads = spec.reads ?? [];
      const isRead = (c: { method: string; path: string }) =>
        reads.some(
          (r) =>
            r.method === c.method && (typeof r.path === 'string' ? r.path === c.path : r.path.test(c.path)),
        );
      return h.sim.calls.list({ platform }).filter((c) => c.method !== 'GET' && !creates.has(c) && !isRead(c))
        .length;
    };
    const crashKind: PostKind = spec.beforeCreate?.kind ?? kind;
    const crashCreate = spec.posts[crashKind]?.create ?? create;
    it(`resumes ${crashKind === 'image' ? 'an' : 'a'} ${crashKind} post from its checkpoint after a crash right after each saved step`, async () => {
      const clean = d.context(crashKind, uniqueText(platform, 'clean run'));
      let saves = 0;
      const save = clean.saveCheckpoint.bind(clean);
      clean.saveCheckpoint = async (patch) => {
        saves++;
        await save(patch);
      };
      await d.publish(clean);
      const stepCalls = stepWrites();
      assert.ok(saves >= 1, 'publish saves a checkpoint after its steps');
      for (let n = 1; n <= saves; n++) {
        const content = uniqueText(platform, `crash after save ${n}`);
        h.sim.calls.clear();
        const crashed = d.crashAfterSave(d.context(crashKind, content), n);
        await assert.rejects(adapter.publish(crashed), (e) => e instanceof Crash);
        const run = await d.finish(crashed);
        publishedOnce(content, run.result.platformPostId);
        assert.equal(stepWrites(), stepCalls, `after save ${n}: no saved step was done again`);
      }
    });

    const unsupported = spec.deleteUnsupported;
    if (unsupported !== undefined) {
      it("says delete is not possible (the platform's API has none) and leaves the post alone", async () => {
        const { result } = await d.publish(d.context(kind, uniqueText(platform, 'not deletable')));
        const err = await platformFailure(adapter.delete(h.deleteContext(d.account, result.platformPostId)));
        assert.equal(err.errorClass, 'permanent');
        if (typeof unsupported === 'string') assert.equal(err.message, unsupported);
        else assert.match(err.message, unsupported);
        assert.equal(h.sim.state.getPost(platform, result.platformPostId)?.deleted, false);
      });
      return;
    }

    it('deletes a post, and a post already deleted counts as deleted', async () => {
      const { result } = await d.publish(d.context(kind, uniqueText(platform, 'to delete')));
      await adapter.delete(h.deleteContext(d.account, result.platformPostId));
      assert.equal(h.sim.state.getPost(platform, result.platformPostId)?.deleted, true);
      await adapter.delete(h.deleteContext(d.account, result.platformPostId));

      const gone = await d.publish(d.context(kind, uniqueText(platform, 'deleted on the platform')));
      h.sim.state.deletePost(platform, gone.result.platformPostId);
      await adapter.delete(h.deleteContext(d.account, gone.result.platformPostId, gone.ctx.stored));
    });
  });
}

/** Waits for something the simulator does on its own time (a commit after the call was recorded). */
async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
