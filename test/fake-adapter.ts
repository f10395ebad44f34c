/**
 * A scripted adapter over an in-memory "platform", for engine tests that must not
 * depend on a real adapter: each publish call takes the next step of the script
 * (succeed, fail with an error class before the create, create and then lose
 * the answer, or answer `pending` as a platform still processing media), and the
 * platform remembers every post it created so a test can
 * assert that none was created twice.
 */
import { randomUUID } from 'node:crypto';
import {
  type ErrorClass,
  PlatformError,
  type PlatformPublisher,
  type PublishContext,
  type ReconcileResult,
} from '../src/platforms/contract.ts';
import type { Platform } from '../src/platforms/names.ts';

export type Step =
  | 'ok'
  | { fail: ErrorClass; message?: string; retryAfterMs?: number }
  /** The platform creates the post, then the answer is lost. */
  | { commitThen: ErrorClass }
  | { warn: string }
  /** Waits until released (or aborted) right after beginCreate. */
  | { hang: Promise<void> }
  /** Still processing before the create (a media container): saves a checkpoint, answers pending. */
  | { pending: number; reason?: string }
  /** Creates the post, then answers pending (a publish status still processing); reconcile follows. */
  | { pendingAfterCreate: number };

export interface FakePlatform {
  /** Posts created, keyed by the create key chosen in advance. */
  posts: Map<string, { content: string; account: string; id: string }>;
  script: Step[];
  reconcileScript: ('auto' | { unknown: string } | { fail: ErrorClass } | { pending: number })[];
  publishCalls: number;
  reconcileCalls: number;
  tokensSeen: string[];
}

export function fakePlatform(): FakePlatform {
  return {
    posts: new Map(),
    script: [],
    reconcileScript: [],
    publishCalls: 0,
    reconcileCalls: 0,
    tokensSeen: [],
  };
}

export function fakeAdapter(platform: Platform, fp: FakePlatform): PlatformPublisher {
  const create = (ctx: PublishContext, key: string) => {
    const id = `fake-${randomUUID().slice(0, 8)}`;
    fp.posts.set(key, { content: ctx.target.content, account: ctx.account.platformUserId, id });
    return {
      state: 'published' as const,
      platformPostId: id,
      platformPostUrl: `https://${platform}.example/p/${id}`,
    };
  };
  return {
    async publish(ctx) {
      fp.publishCalls++;
      fp.tokensSeen.push(ctx.account.accessToken);
      const step = fp.script.shift() ?? 'ok';
      if (typeof step === 'object' && 'fail' in step)
        throw new PlatformError(step.fail, step.message ?? `${step.fail} from the platform`, {
          ...(step.retryAfterMs !== undefined ? { retryAfterMs: step.retryAfterMs } : {}),
        });
      if (typeof step === 'object' && 'pending' in step) {
        await ctx.saveCheckpoint({ looks: Number(ctx.checkpoint.looks ?? 0) + 1 });
        return {
          state: 'pending',
          retryInMs: step.pending,
          reason: step.reason ?? 'the media is processing',
        };
      }
      const key = randomUUID();
      await ctx.beginCreate({ createKey: key });
      if (typeof step === 'object' && 'hang' in step) {
        await Promise.race([
          step.hang,
          new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason))),
        ]);
      }
      const result = create(ctx, key);
      if (typeof step === 'object' && 'commitThen' in step)
        throw new PlatformError(step.commitThen, 'the connection dropped after the request was sent');
      if (typeof step === 'object' && 'warn' in step) return { ...result, warningMessage: step.warn };
      if (typeof step === 'object' && 'pendingAfterCreate' in step)
        return {
          state: 'pending',
          retryInMs: step.pendingAfterCreate,
          reason: 'the publish status is processing',
        };
      return result;
    },
    async reconcile(ctx): Promise<ReconcileResult> {
      fp.reconcileCalls++;
      const step = fp.reconcileScript.shift() ?? 'auto';
      if (typeof step === 'object' && 'unknown' in step) return { state: 'unknown', reason: step.unknown };
      if (typeof step === 'object' && 'fail' in step) throw new PlatformError(step.fail, 'reconcile failed');
      if (typeof step === 'object' && 'pending' in step)
        return { state: 'pending', retryInMs: step.pending, reason: 'the post is still processing' };
      const key = ctx.checkpoint.createKey;
      const found = typeof key === 'string' ? fp.posts.get(key) : undefined;
      if (!found) return { state: 'absent' };
      return {
        state: 'published',
        platformPostId: found.id,
        platformPostUrl: `https://${platform}.example/p/${found.id}`,
      };
    },
    async delete() {},
  };
}

/** Inserts a connected account directly (no OAuth dance), with a sealed access token. */
export async function insertIntegration(
  ctx: import('../src/context.ts').AppContext,
  projectId: string,
  platform: Platform,
  options: {
    id?: string;
    token?: string;
    platformUserId?: string;
    refreshToken?: string;
    /** What connect would have saved in platform_metadata (Google Business: the location's path). */
    metadata?: Record<string, unknown>;
  } = {},
): Promise<string> {
  const id = options.id ?? `int_${platform}_${randomUUID().slice(0, 8)}`;
  const at = new Date().toISOString();
  await ctx.store.db
    .insertInto('integrations')
    .values({
      id,
      project_id: projectId,
      profile_id: null,
      platform,
      platform_user_id: options.platformUserId ?? `${platform}-user`,
      username: `${platform}user`,
      display_name: null,
      profile_url: null,
      image_url: null,
      platform_metadata: JSON.stringify(options.metadata ?? {}),
      app_id: null,
      scopes: '[]',
      access_token_enc: ctx.sealer.seal(options.token ?? `${platform}-token-1`),
      refresh_token_enc: options.refreshToken ? ctx.sealer.seal(options.refreshToken) : null,
      access_token_expires_at: null,
      refresh_token_expires_at: null,
      auth_status: 'active',
      auth_failure_reason: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}
