/**
 * The container flow Instagram and Threads share, as resumable steps:
 *
 * 1. carousel children (one container per item, each id checkpointed as made),
 *    waited for until FINISHED;
 * 2. the container to publish (single item, text, or the carousel parent), its id
 *    and creation time checkpointed before anything else happens to it;
 * 3. its status polled by answering `pending` (never a sleep in the job: a reel
 *    processing for ten minutes holds no worker), ERROR failing with the
 *    platform's reason, EXPIRED (24 h) recreated only if no publish was attempted;
 * 4. the publish call (`media_publish` / `threads_publish` with `creation_id`), the
 *    one create call: `beginCreate` (which also saves `publishAttempted`) awaited
 *    right before it; a "not ready" refusal is retried on the same container later;
 * 5. the permalink read from the platform (never built from the id).
 *
 * Media is passed by URL: Meta fetches it itself, so the bytes are not staged here
 * (see `publishContainer`). Reconcile reads the container's status: PUBLISHED
 * means the post exists (its id is found among the account's recent posts),
 * FINISHED/ERROR/EXPIRED mean the publish did not happen. The same container can
 * never publish twice, so no second post can come from a retry.
 */
import {
  type Checkpoint,
  type MediaItem,
  PlatformError,
  type PublishContext,
  type PublishResult,
  type ReconcileResult,
} from '../contract.ts';
import { type ErrorReader, type PlatformRequest, type PlatformResponse, platformCall } from './http.ts';
import { arr, str } from './json.ts';
import { versionedBase } from './meta.ts';

export interface ContainerCheckpoint {
  /** Carousel child containers made so far, in media order. */
  children?: string[] | null;
  /** The container to publish. */
  containerId?: string | null;
  /** When it was made (ms): reconcile lists the account's posts since then. */
  containerAt?: number | null;
  /** Status reads that answered IN_PROGRESS (the next wait grows with them). */
  polls?: number;
  /** The publish call was sent at least once: an expired container is then not recreated. */
  publishAttempted?: boolean;
  /** Publishes refused as "not ready" on this container. */
  notReady?: number;
  mediaId?: string;
  permalink?: string;
}

export type ContainerStatus =
  | { state: 'IN_PROGRESS' | 'FINISHED' | 'PUBLISHED' | 'EXPIRED' }
  | { state: 'ERROR'; reason: string };

/** What differs between Instagram and Threads. */
export interface ContainerFlow {
  /** "Instagram", "Threads". */
  label: string;
  /** API version segment (`v25.0`, `v1.0`). */
  version: string;
  readError: ErrorReader;
  /** `media` or `threads`: creating containers (POST) and listing posts (GET). */
  containerEdge: string;
  /** `media_publish` or `threads_publish`. */
  publishEdge: string;
  /** `fields` of a status read. */
  statusFields: string;
  readStatus(json: unknown): ContainerStatus;
  /** Status read failures that mean the container was published (Threads drops `status` then). */
  publishedWhenRead?(err: PlatformError): boolean;
  /** Parameters of the carousel child for media item `index`. */
  childParams(ctx: PublishContext, item: MediaItem, index: number): Record<string, string>;
  /** Parameters of the container to publish: one item or text, or the carousel parent. */
  mainParams(ctx: PublishContext, children: string[] | undefined): Record<string, string>;
  /** A publish refusal that means "not ready yet": try the same container again later. */
  notReady(err: PlatformError): boolean;
  /** How many such refusals before the last one is final, and the wait between them. */
  notReadyTries: number;
  notReadyWaitMs: number;
  /** The least time between making a media container and publishing it (Threads' advice). */
  settleMs(ctx: PublishContext): number;
  /** The field of a listed post holding the text (`caption`, `text`). */
  textField: string;
}

const MAX_POLL_WAIT_MS = 60_000;
const FIRST_POLL_WAIT_MS = 2_000;
/** Meta asks to poll about once a minute; the first looks come sooner (images are ready at once). */
export const pollWaitMs = (polls: number): number =>
  Math.min(MAX_POLL_WAIT_MS, FIRST_POLL_WAIT_MS * 2 ** Math.max(0, polls - 1));

type CallInit = Omit<PlatformRequest, 'url' | 'signal' | 'readError' | 'bearer'>;

interface Target {
  baseUrl: string;
  account: { accessToken: string };
  signal: AbortSignal;
}

export function metaCall(
  flow: ContainerFlow,
  t: Target,
  path: string,
  init: CallInit,
): Promise<PlatformResponse> {
  return platformCall({
    ...init,
    url: `${versionedBase(t.baseUrl, flow.version)}/${path}`,
    bearer: t.account.accessToken,
    signal: t.signal,
    readError: flow.readError,
  });
}

const userPath = (ctx: PublishContext) => encodeURIComponent(ctx.account.platformUserId);

function requireId(flow: ContainerFlow, json: unknown, what: string): string {
  const id = str(json, 'id');
  if (!id) throw new PlatformError('transient', `${flow.label} answered ${what} without an id`);
  return id;
}

async function readStatus(flow: ContainerFlow, ctx: PublishContext, id: string): Promise<ContainerStatus> {
  try {
    const res = await metaCall(flow, ctx, `${encodeURIComponent(id)}?fields=${flow.statusFields}`, {
      what: `${flow.label}: read container status`,
    });
    return flow.readStatus(res.json);
  } catch (err) {
    if (err instanceof PlatformError && flow.publishedWhenRead?.(err)) return { state: 'PUBLISHED' };
    throw err;
  }
}

/**
 * Publishes one target through containers (see the file comment). The media is
 * not staged: Meta pulls it from its URL itself, and checks type, size, aspect and
 * duration when it does, answering with its own codes (Instagram 36000/36001/
 * 36003/2207026/2207052, Threads' error_message), which become permanent errors
 * with that message. Staging here would download every byte of a reel (up to
 * 300 MB) in the worker only to repeat those checks; validation already refuses
 * what the platforms never take (GIFs, documents, counts, text lengths).
 */
export async function publishContainer(flow: ContainerFlow, ctx: PublishContext): Promise<PublishResult> {
  let cp = { ...ctx.checkpoint } as ContainerCheckpoint;
  const save = async (patch: ContainerCheckpoint) => {
    await ctx.saveCheckpoint(patch as Checkpoint);
    cp = { ...cp, ...patch };
  };
  if (cp.mediaId) return finish(flow, ctx, cp, save);

  for (let made = 0; ; made++) {
    if (!cp.containerId) {
      let children: string[] | undefined;
      if (ctx.target.mediaItems.length > 1) {
        children = [...(cp.children ?? [])];
        const items = ctx.target.mediaItems;
        for (let i = children.length; i < items.length; i++) {
          const res = await metaCall(flow, ctx, `${userPath(ctx)}/${flow.containerEdge}`, {
            form: flow.childParams(ctx, items[i] as MediaItem, i),
            what: `${flow.label}: create the container of media item ${i + 1}`,
          });
          children.push(requireId(flow, res.json, `the container of media item ${i + 1}`));
          await save({ children: [...children] });
        }
        const waiting = await childrenReady(flow, ctx, children, cp, save);
        if (waiting === 'expired') {
          if (made > 0) throw expiredAgain(flow);
          await save({ children: null, polls: 0 });
          continue;
        }
        if (waiting) return waiting;
      }
      const res = await metaCall(flow, ctx, `${userPath(ctx)}/${flow.containerEdge}`, {
        form: flow.mainParams(ctx, children),
        what: `${flow.label}: create the post's container`,
      });
      const containerId = requireId(flow, res.json, "the post's container");
      await save({ containerId, containerAt: ctx.now().getTime(), polls: 0 });
    }
    const containerId = cp.containerId as string;
    const settle = (cp.containerAt ?? 0) + flow.settleMs(ctx) - ctx.now().getTime();
    if (settle > 0)
      return { state: 'pending', retryInMs: settle, reason: `${flow.label}: letting the container settle` };
    const status = await readStatus(flow, ctx, containerId);
    if (status.state === 'IN_PROGRESS') {
      const polls = (cp.polls ?? 0) + 1;
      await save({ polls });
      return {
        state: 'pending',
        retryInMs: pollWaitMs(polls),
        reason: `${flow.label}: the media is processing`,
      };
    }
    if (status.state === 'ERROR')
      throw new PlatformError('permanent', `${flow.label} could not process the media: ${status.reason}`);
    if (status.state === 'PUBLISHED') {
      const found = await findPublished(flow, ctx, cp);
      if (!found)
        throw new PlatformError(
          'permanent',
          `${flow.label} says the post's container was published but the post was not found; check the account`,
        );
      await save(found);
      return finish(flow, ctx, cp, save);
    }
    if (status.state === 'EXPIRED') {
      if (cp.publishAttempted || made > 0) throw expiredAgain(flow);
      await save({ containerId: null, containerAt: null, children: null, polls: 0 });
      continue;
    }
    break;
  }

  const containerId = cp.containerId as string;
  // "A publish was attempted" (an expired container is then never made again) is saved by
  // the ledger's "create in flight" write itself: beginCreate's info goes into the checkpoint.
  await ctx.beginCreate({ containerId, publishAttempted: true });
  cp = { ...cp, publishAttempted: true };
  let res: PlatformResponse;
  try {
    res = await metaCall(flow, ctx, `${userPath(ctx)}/${flow.publishEdge}`, {
      form: { creation_id: containerId },
      createCall: true,
      what: `${flow.label}: publish`,
    });
  } catch (err) {
    if (!(err instanceof PlatformError) || !flow.notReady(err)) throw err;
    const notReady = (cp.notReady ?? 0) + 1;
    if (notReady >= flow.notReadyTries) throw new PlatformError('permanent', err.message, details(err));
    await save({ notReady });
    return { state: 'pending', retryInMs: flow.notReadyWaitMs, reason: err.message };
  }
  const mediaId = str(res.json, 'id');
  if (!mediaId)
    throw new PlatformError('unknown_outcome', `${flow.label} answered the publish without an id`);
  await save({ mediaId });
  return finish(flow, ctx, cp, save);
}

const details = (err: PlatformError) => ({
  ...(err.status !== undefined ? { status: err.status } : {}),
  ...(err.platformCode ? { platformCode: err.platformCode } : {}),
});

const expiredAgain = (flow: ContainerFlow) =>
  new PlatformError(
    'permanent',
    `${flow.label}: the post's container expired (24 h) after a publish was attempted; check the account before publishing again`,
  );

/** Waits for every carousel child to be FINISHED: pending while one processes. */
async function childrenReady(
  flow: ContainerFlow,
  ctx: PublishContext,
  children: string[],
  cp: ContainerCheckpoint,
  save: (patch: ContainerCheckpoint) => Promise<void>,
): Promise<PublishResult | 'expired' | undefined> {
  for (const [i, id] of children.entries()) {
    const status = await readStatus(flow, ctx, id);
    if (status.state === 'FINISHED') continue;
    if (status.state === 'ERROR')
      throw new PlatformError(
        'permanent',
        `${flow.label} could not process media item ${i + 1}: ${status.reason}`,
      );
    if (status.state === 'EXPIRED' || status.state === 'PUBLISHED') return 'expired';
    const polls = (cp.polls ?? 0) + 1;
    await save({ polls });
    return {
      state: 'pending',
      retryInMs: pollWaitMs(polls),
      reason: `${flow.label}: media item ${i + 1} is processing`,
    };
  }
  return undefined;
}

/** The published post's permalink, read once and checkpointed. */
async function finish(
  flow: ContainerFlow,
  ctx: PublishContext,
  cp: ContainerCheckpoint,
  save: (patch: ContainerCheckpoint) => Promise<void>,
): Promise<PublishResult & { state: 'published' }> {
  const mediaId = cp.mediaId as string;
  let permalink = cp.permalink;
  if (!permalink) {
    const res = await metaCall(flow, ctx, `${encodeURIComponent(mediaId)}?fields=id,permalink`, {
      what: `${flow.label}: read the post's permalink`,
    });
    permalink = str(res.json, 'permalink');
    if (!permalink)
      throw new PlatformError('transient', `${flow.label} answered without the post's permalink`);
    await save({ permalink });
  }
  return { state: 'published', platformPostId: mediaId, platformPostUrl: permalink };
}

/**
 * The post a PUBLISHED container made, among the account's posts since the
 * container was created (a minute of slack for clocks), by its text: the
 * container does not name the media it became.
 */
async function findPublished(
  flow: ContainerFlow,
  ctx: PublishContext,
  cp: ContainerCheckpoint,
): Promise<{ mediaId: string; permalink: string } | undefined> {
  const since = Math.floor((cp.containerAt ?? ctx.now().getTime()) / 1000) - 60;
  const res = await metaCall(
    flow,
    ctx,
    `${userPath(ctx)}/${flow.containerEdge}?fields=id,${flow.textField},permalink,timestamp&since=${since}&limit=50`,
    { what: `${flow.label}: list recent posts` },
  );
  const wanted = ctx.target.content.trim();
  const listed = arr(res.json, 'data');
  // Some reads leave the text out (the platform facts say Instagram Login may not give
  // `caption`): then only a single post since the container can be told to be it.
  const withText = listed.some((p) => str(p, flow.textField) !== undefined);
  const matches = withText
    ? listed.filter((p) => (str(p, flow.textField) ?? '').trim() === wanted)
    : listed.length === 1
      ? listed
      : [];
  // Newest first: the earliest match since the container is the one it made.
  const match = matches.at(-1);
  const mediaId = str(match, 'id');
  const permalink = str(match, 'permalink');
  return mediaId && permalink ? { mediaId, permalink } : undefined;
}

/** After a publish with no known outcome: the container's status says whether it happened. */
export async function reconcileContainer(flow: ContainerFlow, ctx: PublishContext): Promise<ReconcileResult> {
  let cp = { ...ctx.checkpoint } as ContainerCheckpoint;
  const save = async (patch: ContainerCheckpoint) => {
    await ctx.saveCheckpoint(patch as Checkpoint);
    cp = { ...cp, ...patch };
  };
  if (cp.mediaId) {
    const { platformPostId, platformPostUrl } = await finish(flow, ctx, cp, save);
    return { state: 'published', platformPostId, platformPostUrl };
  }
  if (!cp.containerId) return { state: 'absent' };
  const status = await readStatus(flow, ctx, cp.containerId);
  if (status.state === 'IN_PROGRESS')
    return {
      state: 'pending',
      retryInMs: pollWaitMs(cp.polls ?? 1),
      reason: `${flow.label}: the media is processing`,
    };
  if (status.state !== 'PUBLISHED') return { state: 'absent' };
  const found = await findPublished(flow, ctx, cp);
  if (!found)
    return {
      state: 'unknown',
      reason: `${flow.label} says the container was published, but the post is not among the account's recent posts`,
    };
  await save(found);
  return { state: 'published', platformPostId: found.mediaId, platformPostUrl: found.permalink };
}
