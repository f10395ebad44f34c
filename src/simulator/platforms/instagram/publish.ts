/**
 * Instagram content publishing on the simulator (Instagram Login host, any Graph
 * version): `POST /{ig-user-id}/media` (single image, `REELS`, `STORIES`, carousel
 * items and the `CAROUSEL` parent with 2 to 10 children), `GET /{container}?fields=
 * status_code,status`, `POST /{ig-user-id}/media_publish` (`creation_id`), `GET
 * /{ig-media-id}?fields=permalink,…`, `GET /{ig-user-id}/media` and
 * `GET /{ig-user-id}/content_publishing_limit`. Error codes as Instagram's table
 * has them: caption over 2200 characters 36004/2207010, carousel size 100/2207028,
 * a URL Meta can not fetch 9004/2207052, publishing before FINISHED 9007/2207027,
 * an unknown or expired container 24/2207008, the 24 h publishing limit 9/2207042
 * (setting `quotaTotal`, 50 by default as the `content_publishing_limit` reference
 * says). There is no delete: Instagram's API can not delete published media.
 * The media is fetched from its URL at create, as Instagram does: a URL that does
 * not answer its content (404, no such host) is refused with 9004/2207052. A
 * failing processing is injected with the `failProcessing` setting (e.g. '2207026'
 * for an unsupported video format). `collaborators` (up to 3 usernames) are kept
 * with the post and refused on Stories and carousel items.
 */
import { instagramMediaRules } from '../../../platforms/instagram/media-rules.ts';
import type { SimRouter, Simulator } from '../../index.ts';
import { imageBreachesAt, videoBreachesAt } from '../_shared/media-rules.ts';
import type { MetaError } from '../_shared/meta.ts';
import {
  graphTime,
  isMediaUrl,
  registerContainerRoutes,
  type SimContainer,
  shortcodeOf,
} from '../_shared/meta-container.ts';

const cannotFetch: MetaError = {
  message: 'Media download has failed. The media URI doesn\u2019t meet our requirements.',
  code: 9004,
  error_subcode: 2207052,
  error_user_title: 'Media could not be fetched from this URI',
  error_user_msg: 'The media could not be fetched from the URI provided. Check that it is public.',
};
const invalid = (message: string, subcode: number, code = 100): { error: MetaError } => ({
  error: { message: `(#${code}) ${message}`, code, error_subcode: subcode, error_user_msg: message },
});

function readCreate(
  p: Record<string, string>,
  containers: Map<string, SimContainer>,
  account: string,
): { mediaType: string } | { error: MetaError } {
  const caption = p.caption ?? '';
  if ([...caption].length > 2200)
    return invalid('The caption is too long (2200 characters at most).', 2207010, 36004);
  const item = p.is_carousel_item === 'true';
  const type = (p.media_type ?? '').toUpperCase();
  if (p.collaborators !== undefined) {
    const refused = collaboratorsRefusal(p.collaborators, type, item);
    if (refused) return refused;
  }
  if (type === 'CAROUSEL') {
    const ids = (p.children ?? '').split(',').filter(Boolean);
    if (ids.length < 2 || ids.length > 10)
      return invalid('A carousel must have between 2 and 10 items.', 2207028);
    for (const id of ids) {
      const c = containers.get(id);
      if (!c || c.account !== account || !c.isCarouselItem)
        return invalid(`Invalid children: ${id} is not a carousel item container of this user.`, 2207028);
    }
    return { mediaType: 'CAROUSEL' };
  }
  if (type === 'REELS' || type === 'STORIES' || type === 'VIDEO') {
    if (type === 'VIDEO' && !item)
      return invalid(
        'The VIDEO media type is only for carousel items; publish single videos as REELS.',
        2207023,
      );
    if (type === 'REELS' && item) return invalid('Reels can not be carousel items.', 2207023);
    if (type !== 'STORIES' && !p.video_url) return invalid('video_url is required.', 2207023);
    if (p.video_url && !isMediaUrl(p.video_url)) return { error: cannotFetch };
    if (type === 'STORIES' && !p.video_url && !isMediaUrl(p.image_url)) return { error: cannotFetch };
    if (p.thumb_offset !== undefined && !/^\d+$/.test(p.thumb_offset))
      return invalid('thumb_offset must be a whole number of milliseconds within the video.', 2207057, 1);
    if (p.cover_url !== undefined && !isMediaUrl(p.cover_url)) return { error: cannotFetch };
    return { mediaType: type === 'STORIES' && !p.video_url ? 'STORIES' : type };
  }
  if (type !== '' && type !== 'IMAGE') return invalid(`Unknown media type ${type}.`, 2207023);
  if (!p.image_url) return invalid('image_url is required.', 2207023);
  if (!isMediaUrl(p.image_url)) return { error: cannotFetch };
  return { mediaType: 'IMAGE' };
}

/**
 * `collaborators`: a JSON array (or comma list) of up to 3 usernames, on a feed
 * image, a Reel or a carousel parent; not on Stories or carousel items.
 */
function usernames(raw: string): unknown {
  try {
    return raw.trim().startsWith('[') ? JSON.parse(raw) : raw.split(',');
  } catch {
    return null;
  }
}

function collaboratorsRefusal(raw: string, type: string, item: boolean): { error: MetaError } | null {
  const names = usernames(raw);
  if (!Array.isArray(names) || names.length === 0 || names.length > 3)
    return invalid('collaborators must be a list of at most 3 usernames.', 2207065);
  if (!names.every((n) => typeof n === 'string' && /^[A-Za-z0-9._]{1,30}$/.test(n)))
    return invalid('collaborators must be Instagram usernames.', 2207065);
  if (type === 'STORIES' || item)
    return invalid('Collaborators can be added to feed posts, carousels and Reels only.', 2207065);
  return null;
}

/**
 * Instagram's refusals of an image it pulled (error-codes reference): the type
 * 36001/2207005, the size 36000/2207004, the aspect ratio 36003/2207009, in that
 * order, as Instagram reports the first it finds.
 */
async function imageRefusal(mediaType: string, p: Record<string, string>): Promise<MetaError | undefined> {
  if (mediaType !== 'IMAGE' || !p.image_url) return undefined;
  const rules = instagramMediaRules.formats;
  const format = p.is_carousel_item === 'true' ? rules.carousel : rules.feed;
  if (!format) return undefined;
  const breaches = await imageBreachesAt(p.image_url, format);
  const first = (rule: string) => breaches.find((b) => b.rule === rule);
  if (first('format')) return invalid('Only photos in JPEG format are supported.', 2207005, 36001).error;
  if (first('bytes'))
    return invalid('The image size is too large: it should be less than 8 MiB.', 2207004, 36000).error;
  if (first('aspect'))
    return invalid("The aspect ratio isn't supported: it must be between 4:5 and 1.91:1.", 2207009, 36003)
      .error;
  return undefined;
}

/**
 * Instagram's processing of a video it pulled (error-codes reference): one in a
 * container, codec or shape its format does not take ends the container in ERROR
 * with 2207026 (unsupported video format), as the reference lists for videos
 * it can not take.
 */
async function videoFailure(mediaType: string, p: Record<string, string>): Promise<string | undefined> {
  if (!p.video_url) return undefined;
  const rules = instagramMediaRules.formats;
  const format =
    p.is_carousel_item === 'true' ? rules.carousel : mediaType === 'STORIES' ? rules.story : rules.reel;
  if (!format) return undefined;
  const breaches = await videoBreachesAt(p.video_url, format);
  return breaches.length > 0 ? '2207026' : undefined;
}

const productType = (kind: string) => (kind === 'REELS' ? 'REELS' : kind === 'STORIES' ? 'STORY' : 'FEED');
const graphType = (kind: string) =>
  kind === 'CAROUSEL' ? 'CAROUSEL_ALBUM' : kind === 'REELS' || kind === 'VIDEO' ? 'VIDEO' : 'IMAGE';

export const register = (r: SimRouter, sim: Simulator): void => {
  registerContainerRoutes(r, sim, {
    platform: 'instagram',
    containerEdge: 'media',
    publishEdge: 'media_publish',
    readCreate,
    fetchFailure: () => ({ atCreate: cannotFetch }),
    mediaRefusal: imageRefusal,
    processingFailure: videoFailure,
    statusFields: (c, state) => ({
      status_code: state,
      status: state === 'ERROR' ? (c.failWith ?? '2207053') : state === 'IN_PROGRESS' ? 'In Progress' : state,
    }),
    notReady: {
      message: 'Media ID is not available',
      code: 9007,
      error_subcode: 2207027,
      error_user_title: 'Media not ready for publishing',
      error_user_msg: 'The media is not ready for publishing, please wait for a moment',
    },
    noContainer: (id) => ({
      message: `(#24) The container ${id} does not exist or has expired`,
      code: 24,
      error_subcode: 2207008,
      error_user_msg: 'The media container does not exist or has expired.',
    }),
    quotaExceeded: () => ({
      error: {
        message: 'Application request limit reached',
        code: 9,
        error_subcode: 2207042,
        error_user_title: 'Cannot publish',
        error_user_msg:
          'You have reached the maximum number of posts allowed to be published through the API in 24 hours.',
      },
    }),
    quotaTotal: 50,
    postData: (c, containers) => {
      const items = c.mediaType === 'CAROUSEL' ? c.children.map((id) => containers.get(id)) : [c];
      return {
        caption: c.params.caption ?? '',
        mediaType: c.mediaType,
        media: items.map((k) => ({
          type: k?.params.video_url ? 'video' : 'image',
          url: k?.params.video_url ?? k?.params.image_url,
          ...(k?.params.alt_text ? { altText: k.params.alt_text } : {}),
        })),
        ...(c.params.share_to_feed !== undefined ? { shareToFeed: c.params.share_to_feed === 'true' } : {}),
        ...(c.params.cover_url ? { coverUrl: c.params.cover_url } : {}),
        ...(c.params.collaborators ? { collaborators: usernames(c.params.collaborators) } : {}),
        ...(c.params.thumb_offset !== undefined ? { thumbOffset: Number(c.params.thumb_offset) } : {}),
      };
    },
    mediaFields: (post, username) => {
      const sc = shortcodeOf(post.id);
      const permalink =
        post.kind === 'REELS'
          ? `https://www.instagram.com/reel/${sc}/`
          : post.kind === 'STORIES'
            ? `https://www.instagram.com/stories/${username}/${post.id}/`
            : `https://www.instagram.com/p/${sc}/`;
      return {
        caption: post.data.caption,
        media_type: graphType(post.kind),
        media_product_type: productType(post.kind),
        permalink,
        shortcode: sc,
        timestamp: graphTime(post.createdAt),
        username,
      };
    },
  });
};
