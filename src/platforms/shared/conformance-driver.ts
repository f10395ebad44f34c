/**
 * How the conformance suite drives one adapter through the adapter harness the way
 * the publishing engine does: publish again from the saved checkpoint while the
 * platform answers `pending` (the simulator's clock moved on by the wait instead of
 * sleeping), reconcile before anything else when a create was in flight, and count
 * the platform's posts by their text.
 */

import type { SimPost } from '../../simulator/index.ts';
import type { AccountCredentials, Published, ReconcileResult } from '../contract.ts';
import { type ConformanceSpec, type PostKind, sampleMedia } from './conformance-spec.ts';
import type { AdapterHarness, TestContext } from './testing.ts';

/** How often publish may answer pending before the suite calls it stuck. */
const MAX_PENDING_ROUNDS = 20;

/** A publish that went out, the context it ended in and every create it began on the way. */
export interface Run {
  result: Published;
  ctx: TestContext;
  creates: number;
}

/** A simulated crash of the job's process: thrown right after a checkpoint was stored. */
export class Crash extends Error {
  override name = 'Crash';
}

export interface Driver {
  h: AdapterHarness;
  account: AccountCredentials;
  context(kind: PostKind, content: string, init?: { signal?: AbortSignal }): TestContext;
  /** Publishes from `ctx`, and again from its checkpoint while the platform answers pending. */
  publish(ctx: TestContext): Promise<Run>;
  /** Reconciles from `ctx`, and again while the platform answers pending. */
  reconcile(ctx: TestContext): Promise<ReconcileResult>;
  /** After a crash or a lost answer: reconcile first when a create was begun, publish when absent. */
  finish(previous: TestContext): Promise<Run>;
  /** The platform's live posts with this text. */
  posts(content: string): SimPost[];
  /** Makes `ctx` crash right after its `n`th checkpoint save. */
  crashAfterSave(ctx: TestContext, n: number): TestContext;
}

export function createDriver(spec: ConformanceSpec, h: AdapterHarness): Driver {
  const { adapter } = spec;
  const { id, pageId, metadata = {}, scopes } = spec.account;
  const account = h.account(id, metadata, pageId, scopes);

  const driver: Driver = {
    h,
    account,
    context(kind, content, init = {}) {
      const sample = spec.posts[kind];
      if (!sample) throw new Error(`${spec.platform} takes no ${kind} posts`);
      return h.context({
        account,
        content,
        mediaItems: sampleMedia(kind, sample, h.fixtures),
        platformSpecificData: sample.platformSpecificData ?? {},
        ...(init.signal ? { signal: init.signal } : {}),
      });
    },
    async publish(first) {
      let ctx = first;
      let creates = 0;
      for (let round = 0; round < MAX_PENDING_ROUNDS; round++) {
        const outcome = await adapter.publish(ctx);
        creates += ctx.creates.length;
        if (outcome.state === 'published') return { result: outcome, ctx, creates };
        h.sim.clock.advance(outcome.retryInMs);
        ctx = h.resume(ctx);
      }
      throw new Error(`${spec.platform}: still pending after ${MAX_PENDING_ROUNDS} rounds`);
    },
    async reconcile(first) {
      let ctx = first;
      for (let round = 0; round < MAX_PENDING_ROUNDS; round++) {
        const found = await adapter.reconcile(ctx);
        // `pending` arrives with the new result types (processing platforms).
        const pending = found as { state: string; retryInMs?: number };
        if (pending.state !== 'pending') return found;
        h.sim.clock.advance(pending.retryInMs ?? 0);
        ctx = h.resume(ctx);
      }
      throw new Error(`${spec.platform}: reconcile still pending after ${MAX_PENDING_ROUNDS} rounds`);
    },
    async finish(previous) {
      let ctx = h.resume(previous);
      let creates = 0;
      if (previous.creates.length > 0) {
        const found = await driver.reconcile(ctx);
        creates += ctx.creates.length;
        if (found.state === 'published') {
          const { platformPostId, platformPostUrl } = found;
          return { result: { state: 'published', platformPostId, platformPostUrl }, ctx, creates };
        }
        if (found.state !== 'absent') throw new Error(`reconcile could not tell: ${JSON.stringify(found)}`);
        ctx = h.resume(ctx);
      }
      const run = await driver.publish(ctx);
      return { ...run, creates: creates + run.creates };
    },
    posts: (content) => h.sim.state.listPosts(spec.platform, { where: (p) => spec.textOf(p) === content }),
    crashAfterSave(ctx, n) {
      let saves = 0;
      const save = ctx.saveCheckpoint.bind(ctx);
      ctx.saveCheckpoint = async (patch) => {
        await save(patch);
        if (++saves === n) throw new Crash(`crashed right after checkpoint save ${n}`);
      };
      return ctx;
    },
  };
  return driver;
}
