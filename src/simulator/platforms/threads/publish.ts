/**
 * Threads publishing on the simulator (`/v1.0/...`): `POST /{user}/threads`
 * (`media_type` TEXT, IMAGE, VIDEO, CAROUSEL with 2 to 20 children made with
 * `is_carousel_item=true`; `text`, `image_url`, `video_url`, `alt_text`,
 * `reply_control`), `GET /{container}?fields=status,error_message`, `POST
 * /{user}/threads_publish` (`creation_id`), `GET /{media}?fields=permalink,…`,
 * `GET /{user}/threads` (recent posts), `GET /{user}/threads_publishing_limit`,
 * and `DELETE /{media}` → `{success, deleted_id}`.
 *
 * Text over 500 characters as Threads counts them (emoji count their UTF-8 bytes)
 * and more than 5 distinct links are refused. Publishing before FINISHED, or an
 * unknown container, answers 24/4279009 "Media Not Found"; the setting
 * `notFoundAfterFinish` (a count) makes that many publishes of FINISHED containers
 * answer it too, the race Threads integrators see right after creation. The
 * 24 h limit of 250 posts (setting `quotaTotal`) answers code 4 with X-App-Usage:
 * Threads documents the quota but not the code of its refusal [unverified].
 */
import { threadsLength } from '../../../facts/text-length.ts';
import type { Breach } from '../../../media/rules.ts';
import { threadsMediaRules } from '../../../platforms/threads/media-rules.ts';
import { authOf, json, type SimRouter, type Simulator } from '../../index.ts';
import { imageBreachesAt, videoBreachesAt } from '../_shared/media-rules.ts';
import { type MetaError, metaError } from '../_shared/meta.ts';
import {
  graphTime,
  isMediaUrl,
  registerContainerRoutes,
  type SimContainer,
  shortcodeOf,
} from '../_shared/meta-container.ts';
import { replyRefusal } from './comments.ts';

const invalid = (message: string): { error: MetaError } => ({
  error: { message, code: 100, type: 'THApiException', is_transient: false },
});
const REPLY_CONTROL = [
  'everyone',
  'accounts_you_follow',
  'mentioned_only',
  'parent_post_author_only',
  'followers_only',
];

function readCreate(
  p: Record<string, string>,
  containers: Map<string, SimContainer>,
  account: string,
): { mediaType: string } | { error: MetaError } {
  const type = (p.media_type ?? '').toUpperCase();
  const text = p.text ?? '';
  if (threadsLength(text) > 500) return invalid('Param text must be at most 500 characters long.');
  const links = new Set((text.match(/https?:\/\/[^\s]+/g) ?? []).map((l) => l.toLowerCase()));
  if (links.size > 5)
    return invalid('THREADS_API__LINK_LIMIT_EXCEEDED: a post can contain at most 5 unique links.');
  if (p.reply_control !== undefined && !REPLY_CONTROL.includes(p.reply_control))
    return invalid(`Param reply_control must be one of ${REPLY_CONTROL.join(', ')}.`);
  if (type === 'TEXT') {
    if (!text) return invalid('Param text is required for TEXT posts.');
    if (p.alt_text) return invalid('Param alt_text is only for images and videos.');
    return { mediaType: 'TEXT' };
  }
  if (type === 'IMAGE')
    return isMediaUrl(p.image_url) ? { mediaType: 'IMAGE' } : invalid('Param image_url is required.');
  if (type === 'VIDEO')
    return isMediaUrl(p.video_url) ? { mediaType: 'VIDEO' } : invalid('Param video_url is required.');
  if (type === 'CAROUSEL') {
    const ids = (p.children ?? '').split(',').filter(Boolean);
    if (ids.length < 2 || ids.length > 20) return invalid('A carousel must have between 2 and 20 children.');
    for (const id of ids) {
      const c = containers.get(id);
      if (!c || c.account !== account || !c.isCarouselItem)
        return invalid(`Param children: ${id} is not a carousel item of this user.`);
    }
    return { mediaType: 'CAROUSEL' };
  }
  return invalid('Param media_type must be one of TEXT, IMAGE, VIDEO, CAROUSEL.');
}

/**
 * The `error_message` Threads ends a container with when the media it pulled
 * breaks its rules (container status reference: INVALID_ASPEC_RATIO, sic, and
 * the others); a type or size it does not take is UNKNOWN there.
 */
function threadsMediaStatus(breaches: Breach[]): string | undefined {
  const first = breaches[0];
  if (!first) return undefined;
  if (first.rule === 'aspect') return 'INVALID_ASPEC_RATIO';
  if (first.rule === 'duration_long' || first.rule === 'duration_short') return 'INVALID_DURATION';
  if (first.rule === 'fps') return 'INVALID_FRAME_RATE';
  if (first.rule === 'bitrate') return 'INVALID_BIT_RATE';
  if (first.rule === 'audio_codec') return 'FAILED_PROCESSING_AUDIO';
  if (first.rule === 'container' || first.rule === 'video_codec' || first.rule === 'width')
    return 'FAILED_PROCESSING_VIDEO';
  return 'UNKNOWN';
}

/** Threads' processing of the image or video it pulled, held to its media rules. */
async function mediaFailure(mediaType: string, p: Record<string, string>): Promise<string | undefined> {
  const format = threadsMediaRules.formats.post;
  if (!format) return undefined;
  if (mediaType === 'IMAGE' && p.image_url)
    return threadsMediaStatus(await imageBreachesAt(p.image_url, format));
  if (mediaType === 'VIDEO' && p.video_url)
    return threadsMediaStatus(await videoBreachesAt(p.video_url, format));
  return undefined;
}

const graphType = (kind: string) =>
  kind === 'TEXT' ? 'TEXT_POST' : kind === 'CAROUSEL' ? 'CAROUSEL_ALBUM' : kind;

export const register = (r: SimRouter, sim: Simulator): void => {
  const settings = sim.state.collection<unknown>('threads', 'settings');
  const notFound = (id: string): MetaError => ({
    message: 'The requested resource does not exist',
    type: 'THApiException',
    code: 24,
    error_subcode: 4279009,
    is_transient: false,
    error_user_title: 'Media Not Found',
    error_user_msg: `The media with id ${id} cannot be found.`,
  });

  registerContainerRoutes(r, sim, {
    platform: 'threads',
    containerEdge: 'threads',
    publishEdge: 'threads_publish',
    // A reply (`reply_to_id`) must name a post or reply under the account's own posts.
    readCreate: (params, containers, account) =>
      replyRefusal(sim, params, account) ?? readCreate(params, containers, account),
    // Threads fetches the media while processing the container: a URL it can not fetch
    // ends the container in ERROR (error_message per the container status reference).
    fetchFailure: (mediaType) => ({
      status: mediaType === 'VIDEO' ? 'FAILED_DOWNLOADING_VIDEO' : 'UNKNOWN',
    }),
    processingFailure: mediaFailure,
    statusFields: (c, state) => ({
      status: state,
      ...(state === 'ERROR' ? { error_message: c.failWith ?? 'UNKNOWN' } : {}),
    }),
    notReady: notFound('(not ready)'),
    noContainer: notFound,
    beforePublish: (c) => {
      const left = Number(settings.get('notFoundAfterFinish') ?? 0);
      if (left <= 0) return undefined;
      settings.set('notFoundAfterFinish', left - 1);
      return notFound(c.id);
    },
    quotaExceeded: (total) => ({
      error: {
        message: `(#4) Application request limit reached: ${total} posts in 24 hours`,
        code: 4,
        is_transient: true,
      },
    }),
    quotaTotal: 250,
    postData: (c, containers) => {
      const items =
        c.mediaType === 'CAROUSEL'
          ? c.children.map((id) => containers.get(id))
          : c.mediaType === 'TEXT'
            ? []
            : [c];
      return {
        text: c.params.text ?? '',
        mediaType: c.mediaType,
        media: items.map((k) => ({
          type: k?.params.video_url ? 'video' : 'image',
          url: k?.params.video_url ?? k?.params.image_url,
          ...(k?.params.alt_text ? { altText: k.params.alt_text } : {}),
        })),
        replyControl: c.params.reply_control ?? 'everyone',
      };
    },
    mediaFields: (post, username) => {
      const sc = shortcodeOf(post.id);
      return {
        text: post.data.text,
        media_type: graphType(post.kind),
        permalink: `https://www.threads.net/@${username}/post/${sc}`,
        shortcode: sc,
        timestamp: graphTime(post.createdAt),
        username,
      };
    },
  });

  r.delete(
    '/:version/:id',
    (req) => {
      const id = req.params.id ?? '';
      const post = sim.state.getPost('threads', id);
      if (!post || post.deleted)
        return metaError({
          message: `Unsupported delete request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          code: 100,
          error_subcode: 33,
        });
      if (post.accountId !== authOf(req).account.id)
        return metaError({ message: '(#10) Application does not have permission for this action', code: 10 });
      sim.state.deletePost('threads', id);
      return json(200, { success: true, deleted_id: id });
    },
    { auth: true },
  );
};
