/**
 * Test harness for adapters: the simulator and a media fixture server on
 * loopback, a media stager allowed to reach them, tokens issued by the simulator,
 * and PublishContexts whose checkpoint and attempt ledger live in memory so tests
 * can inspect them and resume from them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../config.ts';
import { createMediaStager } from '../../media/stage.ts';
import { type FixtureServer, startFixtureServer } from '../../media/testing.ts';
import { createOutboundClient, platformUrlGuard } from '../../net/outbound.ts';
import { type Simulator, startSimulator } from '../../simulator/index.ts';
import {
  type AccountCredentials,
  type Checkpoint,
  type DeleteContext,
  type ExistingPost,
  type MediaItem,
  PlatformError,
  type PublishContext,
} from '../contract.ts';
import type { FirstCommentContext } from '../first-comment.ts';
import type { Platform } from '../names.ts';
import { PLATFORM_MODULES } from '../registry.ts';

export interface TestContext extends PublishContext {
  /** The checkpoint as stored (every saveCheckpoint merged in). */
  stored: Checkpoint;
  /** What each beginCreate call recorded, in order. */
  creates: Checkpoint[];
  /** What recordExists recorded last (null: nothing, or a later create cleared it), as the ledger keeps it. */
  exists: ExistingPost | null;
}

export interface AdapterHarness {
  sim: Simulator;
  fixtures: FixtureServer;
  /** An access token for `accountId` (`pageId`: a Facebook Page token; `scopes`: what it grants, default none). */
  token(accountId: string, pageId?: string, scopes?: string[]): string;
  account(
    accountId: string,
    metadata?: Record<string, unknown>,
    pageId?: string,
    scopes?: string[],
  ): AccountCredentials;
  context(init: {
    account: AccountCredentials;
    content: string;
    mediaItems?: MediaItem[];
    platformSpecificData?: Record<string, unknown>;
    checkpoint?: Checkpoint;
    signal?: AbortSignal;
    /** Another API version than the default setting's (module `apiVersion`). */
    apiVersion?: string;
    /** The time a scheduled post was scheduled for (TargetInput.scheduledFor). */
    scheduledFor?: string;
  }): TestContext;
  /** A fresh context that continues from an earlier one's stored checkpoint. */
  resume(previous: TestContext): TestContext;
  /** A first comment's context for the post `platformPostId` (`checkpoint`: what publish saved). */
  commentContext(
    account: AccountCredentials,
    platformPostId: string,
    text: string,
    checkpoint?: Checkpoint,
  ): FirstCommentContext;
  /** A DeleteContext; `checkpoint` is what publish saved (a TestContext's `stored`). */
  deleteContext(account: AccountCredentials, platformPostId: string, checkpoint?: Checkpoint): DeleteContext;
  close(): Promise<void>;
}

const log = pino({ level: 'silent' });

export async function startAdapterHarness(platform: Platform): Promise<AdapterHarness> {
  // Every request the adapter sends and every answer it reads is checked against the
  // platform's own API description; close() fails the test file on any departure.
  const sim = await startSimulator({ contracts: true });
  const fixtures = await startFixtureServer();
  const tmpDir = await mkdtemp(join(tmpdir(), `adapter-${platform}-`));
  const outbound = createOutboundClient({ allowlist: ['127.0.0.1'] });
  const media = createMediaStager({ outbound, maxBytes: 64 * 1024 * 1024, fetchTimeoutMs: 10_000, tmpDir });
  const baseUrl = sim.baseUrl(platform);
  // The version the engine would pass under the default settings.
  const module = PLATFORM_MODULES[platform];
  const apiVersion = 'apiVersion' in module ? module.apiVersion(loadConfig()) : undefined;

  // Bluesky's video service is served at the platform prefix; a module's extra hosts
  // (Facebook's graph-video) are told apart by the simulator, as in sandbox mode.
  const extraBaseUrls: Record<string, string> = {
    video: baseUrl,
    ...Object.fromEntries(
      Object.entries(module.hosts as Record<string, string>)
        .filter(([name]) => !['authorize', 'token', 'api'].includes(name))
        .map(([name, real]) => [name, `${baseUrl}/_host/${new URL(real).host}`]),
    ),
  };

  const token = (accountId: string, pageId?: string, scopes: string[] = []) =>
    sim.state.issueToken({
      platform,
      kind: pageId ? 'page' : 'access',
      clientId: `sim-${platform}-client`,
      accountId,
      ...(pageId ? { subjectId: pageId } : {}),
      scopes,
      expiresAt: null,
      grantId: `grant-${accountId}`,
    }).value;

  const harness: AdapterHarness = {
    sim,
    fixtures,
    token,
    account: (accountId, metadata = {}, pageId, scopes) => ({
      platformUserId: pageId ?? accountId,
      accessToken: token(accountId, pageId, scopes),
      metadata,
    }),
    context(init) {
      const stored: Checkpoint = { ...init.checkpoint };
      const creates: Checkpoint[] = [];
      const ctx: TestContext = {
        target: {
          platform,
          integrationId: 'integration-1',
          content: init.content,
          mediaItems: init.mediaItems ?? [],
          platformSpecificData: init.platformSpecificData ?? {},
          ...(init.scheduledFor ? { scheduledFor: init.scheduledFor } : {}),
        },
        account: init.account,
        get checkpoint() {
          return structuredClone(stored);
        },
        stored,
        creates,
        async saveCheckpoint(patch) {
          Object.assign(stored, structuredClone(patch));
        },
        async beginCreate(info = {}) {
          // As the engine does: the ledger records the create, the checkpoint takes `info`.
          creates.push(structuredClone(info));
          Object.assign(stored, structuredClone(info));
          ctx.exists = null;
        },
        exists: null,
        async recordExists(post, info = {}) {
          ctx.exists = structuredClone(post);
          Object.assign(stored, structuredClone(info));
        },
        baseUrl,
        platformUrls: platformUrlGuard(outbound, [baseUrl]),
        apiVersion: init.apiVersion ?? apiVersion,
        extraBaseUrls,
        signal: init.signal ?? new AbortController().signal,
        log,
        now: () => new Date(sim.clock.now()),
        media,
      };
      return ctx;
    },
    resume(previous) {
      const next = harness.context({
        account: previous.account,
        content: previous.target.content,
        mediaItems: previous.target.mediaItems,
        platformSpecificData: previous.target.platformSpecificData,
        checkpoint: previous.stored,
        ...(previous.target.scheduledFor ? { scheduledFor: previous.target.scheduledFor } : {}),
      });
      return next;
    },
    commentContext: (account, platformPostId, text, checkpoint = {}) => ({
      env: {
        platform,
        client: { clientId: `sim-${platform}-client`, clientSecret: `sim-${platform}-secret` },
        url: (_host, path) => `${baseUrl}${path}`,
        redirectUri: 'http://127.0.0.1/callback',
        pdsUrl: baseUrl,
        apiVersion,
        timeoutMs: 10_000,
        outside: platformUrlGuard(outbound, [baseUrl]),
        now: () => new Date(sim.clock.now()),
      },
      account,
      platformPostId,
      checkpoint: structuredClone(checkpoint),
      text,
      signal: new AbortController().signal,
    }),
    deleteContext: (account, platformPostId, checkpoint = {}) => ({
      account,
      platformPostId,
      checkpoint: structuredClone(checkpoint),
      baseUrl,
      platformUrls: platformUrlGuard(outbound, [baseUrl]),
      apiVersion,
      signal: new AbortController().signal,
      log,
    }),
    async close() {
      await outbound.close();
      await fixtures.close();
      await sim.close();
      await rm(tmpDir, { recursive: true, force: true });
      sim.contracts.assertNone();
    },
  };
  return harness;
}

/** Awaits a promise that must fail with a PlatformError; returns it. */
export async function platformFailure(p: Promise<unknown>): Promise<PlatformError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof PlatformError) return err;
    throw err;
  }
  throw new Error('expected a PlatformError');
}
