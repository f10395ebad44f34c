/**
 * Threads' part of the container flow (src/platforms/shared/meta-container.ts):
 * text (`media_type=TEXT`; the first link becomes the preview), one image or
 * video, or a carousel of 2 to 20 (children `is_carousel_item=true`, then
 * `media_type=CAROUSEL` with `children` and the text). `replyControl` goes on the
 * container that is published, not on carousel children; `altText[i]` on media
 * item i (images and videos take `alt_text`, text posts do not).
 *
 * Waits: Meta recommends about 30 s between making a media container and
 * publishing it, so media containers settle that long before their status is
 * read; text containers have nothing to process and publish at once. The known
 * "Media Not Found" (24/4279009) right after FINISHED is tried again on the same
 * container 5 s later, three times in all, as Threads integrators do.
 */
import type { MediaItem, PublishContext } from '../contract.ts';
import { str } from '../shared/json.ts';
import { THREADS_VERSION } from '../shared/meta.ts';
import type { ContainerFlow } from '../shared/meta-container.ts';
import { containerErrorReason, readThreadsError } from './errors.ts';
import type { ThreadsOptions } from './options.ts';

const STATES = new Set(['IN_PROGRESS', 'FINISHED', 'PUBLISHED', 'EXPIRED']);
/** Meta's advice: about 30 s before publishing a media container. */
export const THREADS_SETTLE_MS = 30_000;

const options = (ctx: PublishContext) => ctx.target.platformSpecificData as ThreadsOptions;

function itemParams(ctx: PublishContext, item: MediaItem, index: number): Record<string, string> {
  const alt = options(ctx).altText?.[index];
  return {
    ...(item.type === 'video'
      ? { media_type: 'VIDEO', video_url: item.url }
      : { media_type: 'IMAGE', image_url: item.url }),
    ...(alt ? { alt_text: alt } : {}),
  };
}

export const threadsFlow: ContainerFlow = {
  label: 'Threads',
  version: THREADS_VERSION,
  readError: readThreadsError,
  containerEdge: 'threads',
  publishEdge: 'threads_publish',
  statusFields: 'status,error_message',
  readStatus(json) {
    const status = str(json, 'status') ?? '';
    if (status === 'ERROR')
      return { state: 'ERROR', reason: containerErrorReason(str(json, 'error_message')) };
    if (STATES.has(status)) return { state: status as 'IN_PROGRESS' };
    return { state: 'IN_PROGRESS' };
  },
  // Observed: once published, the container answers that `status` does not exist.
  publishedWhenRead: (err) =>
    err.platformCode?.startsWith('100') === true && /nonexisting field/i.test(err.message),
  childParams: (ctx, item, index) => ({ ...itemParams(ctx, item, index), is_carousel_item: 'true' }),
  mainParams(ctx, children) {
    const text = ctx.target.content;
    const replyControl = options(ctx).replyControl;
    const common = { text, ...(replyControl ? { reply_control: replyControl } : {}) };
    if (children) return { media_type: 'CAROUSEL', children: children.join(','), ...common };
    const item = ctx.target.mediaItems[0];
    if (!item) return { media_type: 'TEXT', ...common };
    return { ...itemParams(ctx, item, 0), ...common };
  },
  notReady: (err) => err.platformCode === '24/4279009',
  notReadyTries: 3,
  notReadyWaitMs: 5_000,
  settleMs: (ctx) => (ctx.target.mediaItems.length > 0 ? THREADS_SETTLE_MS : 0),
  textField: 'text',
};
