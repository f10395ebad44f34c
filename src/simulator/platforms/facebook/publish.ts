/**
 * Facebook Pages publishing on the simulator (any Graph version segment):
 * `/{page}/feed` (message, link, attached_media, published), `/{page}/photos`
 * (multipart `source` or `url`; unpublished photos for multi-photo posts; 4 MB
 * and image-type checks with Meta's codes), `/{page}/videos` (a file only on the video
 * host, graph-video.facebook.com, held to the Page video rules: see videoRefusal),
 * `/{video}/thumbnails`,
 * the Page feed for lookups, and `DELETE /{id}` (posts, and comments through comments.ts). Calls need a Page token of that
 * Page; the same message twice in a row is error 506.
 */

import { facebookMediaRules } from '../../../platforms/facebook/media-rules.ts';
import type { SimRequest } from '../../index.ts';
import {
  allParams,
  authOf,
  headerValue,
  json,
  numericId,
  readMultipart,
  type SimRouter,
  type Simulator,
} from '../../index.ts';
import {
  imageBreachesAt,
  imageBreachesOf,
  videoBreachesAt,
  videoBreachesOf,
} from '../_shared/media-rules.ts';
import { metaError } from '../_shared/meta.ts';
import { deleteComment } from './comments.ts';

const PHOTO_MAX = 4 * 1024 * 1024;
/** The host Meta documents for video uploads (`/_host/graph-video.facebook.com/` on the simulator). */
const VIDEO_HOST = 'graph-video.facebook.com';

interface Photo {
  id: string;
  page: string;
  published: boolean;
  attached: boolean;
}

const isImage = (b: Uint8Array) =>
  (b[0] === 0xff && b[1] === 0xd8) ||
  (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) ||
  (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46);

/** Parameters and the `source` file of a Graph call, whether multipart, form or query. */
async function readCall(req: SimRequest): Promise<{ params: Record<string, string>; file?: Uint8Array }> {
  if ((headerValue(req, 'content-type') ?? '').startsWith('multipart/form-data')) {
    const form = await readMultipart(req);
    const params: Record<string, string> = { ...req.query };
    let file: Uint8Array | undefined;
    for (const [k, v] of form.entries()) {
      if (typeof v === 'string') params[k] = v;
      else if (k === 'source') file = new Uint8Array(await v.arrayBuffer());
    }
    return file ? { params, file } : { params };
  }
  return { params: allParams(req) };
}

const notPageToken = () =>
  metaError({
    message: "(#200) The user hasn't authorized the application to perform this action",
    type: 'OAuthException',
    code: 200,
  });
const invalidParam = (message: string, subcode?: number) =>
  metaError({ message: `(#100) ${message}`, code: 100, ...(subcode ? { error_subcode: subcode } : {}) });

/**
 * A Page video that breaks Facebook's Page video rules (media-rules.ts: the formats,
 * 9:16 to 16:9, 1 s to 4 h, 10 GB), refused in the upload call itself. A format it
 * does not take is Graph's code 352, "Sorry, the video file you selected is in a
 * format that we don't support." (the answer seen from /videos). For the other rules
 * Meta documents no answer of this call: code 6000, the Video API's "There was a
 * problem uploading your video file" (Video API error codes page), with the rule in
 * `error_user_msg` is inferred, as is refusing in the call rather than after
 * processing (a non-resumable upload is received whole before the call answers).
 */
async function videoRefusal(params: Record<string, string>, file: Uint8Array | undefined) {
  const format = facebookMediaRules.formats.video;
  if (!format) return undefined;
  const [breach] = file
    ? await videoBreachesOf(Buffer.from(file), format)
    : await videoBreachesAt(params.file_url ?? '', format);
  if (!breach) return undefined;
  if (['container', 'video_codec', 'audio_codec'].includes(breach.rule))
    return metaError({
      message: "(#352) Sorry, the video file you selected is in a format that we don't support.",
      code: 352,
    });
  return metaError({
    message: 'There was a problem uploading your video file. Please try again with another file.',
    type: 'GraphException',
    code: 6000,
    error_user_title: 'Video not supported',
    error_user_msg: `The video ${breach.message}.`,
  });
}

export const register = (r: SimRouter, sim: Simulator): void => {
  const photos = sim.state.collection<Photo>('facebook', 'photos');
  const thumbnails = sim.state.collection<number>('facebook', 'thumbnails');
  const pageOf = (req: SimRequest) => {
    const page = authOf(req).pageId;
    return page && page === req.params.page ? page : undefined;
  };
  const published = (params: Record<string, string>) => params.published !== 'false';

  r.post(
    '/:version/:page/feed',
    async (req) => {
      const page = pageOf(req);
      if (!page) return notPageToken();
      const { params } = await readCall(req);
      const attached: string[] = [];
      for (const [k, v] of Object.entries(params)) {
        if (!/^attached_media\[\d+\]$/.test(k)) continue;
        const id = (JSON.parse(v) as { media_fbid?: string }).media_fbid ?? '';
        const photo = photos.get(id);
        if (!photo || photo.page !== page || photo.published || photo.attached)
          return invalidParam(`Invalid attached_media ${id}`);
        attached.push(id);
      }
      if (!params.message && !params.link && !attached.length)
        return invalidParam('Missing message or attachment');
      if (params.link && !/^https?:\/\//.test(params.link))
        return metaError({ message: 'Error posting link', code: 1609005 });
      const last = sim.state.listPosts('facebook', { account: page }).at(-1);
      if (last && params.message && last.data.message === params.message)
        return metaError({ message: '(#506) Duplicate status message', code: 506 });
      for (const id of attached) (photos.get(id) as Photo).attached = true;
      const id = `${page}_${numericId(16)}`;
      sim.state.createPost(
        'facebook',
        page,
        { message: params.message, link: params.link, attached, published: published(params) },
        { id, kind: 'feed' },
      );
      return json(200, { id });
    },
    { auth: true },
  );

  r.post(
    '/:version/:page/photos',
    async (req) => {
      const page = pageOf(req);
      if (!page) return notPageToken();
      const { params, file } = await readCall(req);
      if (!file && !params.url) return metaError({ message: '(#324) Requires upload file', code: 324 });
      if (file && !isImage(file))
        return metaError({ message: '(#324) Missing or invalid image file', code: 324 });
      const rule = facebookMediaRules.formats.photo;
      const breaches = !rule
        ? []
        : file
          ? await imageBreachesOf(file, rule)
          : await imageBreachesAt(params.url ?? '', rule);
      if ((file && file.length > PHOTO_MAX) || breaches.length > 0)
        return metaError({
          message: 'Photos should be smaller than 4 MB and saved as JPG, PNG, GIF, TIFF, HEIF or WebP files.',
          code: 100,
          error_subcode: 1366046,
        });
      const id = numericId(16);
      photos.set(id, { id, page, published: published(params), attached: false });
      if (!published(params)) return json(200, { id });
      const postId = `${page}_${id}`;
      sim.state.createPost(
        'facebook',
        page,
        { message: params.message ?? params.caption, photo: id, published: true },
        { id: postId, kind: 'photo' },
      );
      return json(200, { id, post_id: postId });
    },
    { auth: true },
  );

  r.post(
    '/:version/:page/videos',
    async (req) => {
      const page = pageOf(req);
      if (!page) return notPageToken();
      const { params, file } = await readCall(req);
      if (!file && !params.file_url) return invalidParam('Requires a video file (source or file_url)');
      // Meta documents video uploads on graph-video.facebook.com; a file sent to the
      // main Graph host is refused (the wording is ours: Meta documents the host,
      // not the refusal).
      if (file && req.host !== VIDEO_HOST)
        return metaError({
          message: `(#100) Video files are uploaded to ${VIDEO_HOST}, not ${req.host ?? 'graph.facebook.com'}`,
          code: 100,
        });
      const refused = await videoRefusal(params, file);
      if (refused) return refused;
      const id = numericId(16);
      sim.state.createPost(
        'facebook',
        page,
        {
          description: params.description,
          title: params.title,
          published: published(params),
          bytes: file?.length ?? 0,
        },
        { id, kind: 'video' },
      );
      return json(200, { id });
    },
    { auth: true },
  );

  r.post(
    '/:version/:video/thumbnails',
    async (req) => {
      const video = sim.state.getPost('facebook', req.params.video ?? '');
      if (!video || video.deleted || video.kind !== 'video')
        return invalidParam('Unsupported post request. Object does not exist', 33);
      if (video.accountId !== authOf(req).pageId) return notPageToken();
      const { params, file } = await readCall(req);
      if (!file || !isImage(file))
        return metaError({ message: '(#324) Missing or invalid image file', code: 324 });
      if (file.length > 10 * 1024 * 1024) return invalidParam('Thumbnail is larger than 10 MB');
      thumbnails.set(video.id, (thumbnails.get(video.id) ?? 0) + 1);
      if (params.is_preferred === 'true') video.data.preferredThumbnailBytes = file.length;
      return json(200, { success: true });
    },
    { auth: true },
  );

  r.get(
    '/:version/:page/feed',
    (req) => {
      const page = pageOf(req);
      if (!page) return notPageToken();
      const since = Number(req.query.since ?? 0) * 1000;
      const until = req.query.until ? Number(req.query.until) * 1000 : Number.POSITIVE_INFINITY;
      const limit = Math.min(100, Number(req.query.limit ?? 25));
      const data = sim.state
        .listPosts('facebook', {
          account: page,
          where: (p) =>
            p.data.published !== false && Date.parse(p.createdAt) >= since && Date.parse(p.createdAt) < until,
        })
        .reverse()
        .slice(0, limit)
        .map((p) => ({
          id: p.id,
          message: p.data.message ?? p.data.description,
          created_time: p.createdAt.replace(/\.\d+Z$/, '+0000'),
          permalink_url: `https://www.facebook.com/${p.id}`,
        }));
      return json(200, { data, paging: {} });
    },
    { auth: true },
  );

  r.delete(
    '/:version/:id',
    (req) => {
      const post = sim.state.getPost('facebook', req.params.id ?? '');
      if (!post || post.deleted)
        return (
          deleteComment(sim, req, req.params.id ?? '') ??
          invalidParam(`Unsupported delete request. Object with ID '${req.params.id}' does not exist`, 33)
        );
      if (post.accountId !== authOf(req).pageId) return notPageToken();
      sim.state.deletePost('facebook', post.id);
      return json(200, { success: true });
    },
    { auth: true },
  );
};
