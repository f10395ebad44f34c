/**
 * Reels and video Stories on the simulator, Meta's three-phase flow:
 * `POST /{page}/video_reels` or `/{page}/video_stories` with `upload_phase=start`
 * (a video id and Meta's upload URL), the bytes to
 * `rupload.facebook.com/video-upload/{version}/{video_id}` (`/_host/rupload.facebook.com/`
 * here) with `Authorization: OAuth <page token>`, `offset` and `file_size`, then
 * `upload_phase=finish` with `video_state`, which makes the Reel (kind `reel`, id the
 * video's) or the Story (kind `story`, a Page post id answered as `post_id`).
 * Processing is read at `GET /{video_id}?fields=status` (served through
 * accounts.ts' object read): `processing` for the setting `reelPolls` reads
 * (default 2), then `ready`; bytes without an MP4/MOV `moov` box end in a
 * processing error, as Facebook reports bad files only there. So does a file that
 * breaks the Reel's or the Story's rules (the platform module's media-rules.ts:
 * MP4, 9:16, at least 540×960, 24 to 60 fps, H.264/H.265/VP9/AV1 with AAC, 3 to
 * 90 s, a Story up to 60 s), probed as it arrives (_shared/media-rules.ts): the
 * Reels guide documents that spec failures show after finish in the video's
 * status, `video_status: error` with `processing_phase.error.message` ("Resolution
 * too low" is its example); the message here names the rule in our words.
 * A second finish of the same video is refused, as is a finish before the upload.
 */

import { facebookMediaRules } from '../../../platforms/facebook/media-rules.ts';
import {
  allParams,
  authOf,
  headerValue,
  json,
  numericId,
  type SimRequest,
  type SimResponse,
  type SimRouter,
  type Simulator,
} from '../../index.ts';
import { videoBreachesOf } from '../_shared/media-rules.ts';
import { metaError } from '../_shared/meta.ts';

const RUPLOAD_HOST = 'rupload.facebook.com';

export interface FormatVideo {
  id: string;
  page: string;
  edge: 'video_reels' | 'video_stories';
  bytes?: number;
  playable?: boolean;
  /** The first rule of the format the file breaks: processing ends in error with it. */
  refusal?: string;
  /** Set by finish: the post it made and the state asked for. */
  postId?: string;
  state?: 'PUBLISHED' | 'DRAFT' | 'SCHEDULED';
  pollsLeft: number;
}

const invalidParam = (message: string, subcode?: number) =>
  metaError({ message: `(#100) ${message}`, code: 100, ...(subcode ? { error_subcode: subcode } : {}) });

/** A file Facebook can play has its `moov` box (the track tables); a bare `ftyp` header does not. */
const looksLikeVideo = (b: Buffer) => b.includes('moov', 0, 'latin1');

export const formatVideos = (sim: Simulator) => sim.state.collection<FormatVideo>('facebook', 'formatVideos');

export const register = (r: SimRouter, sim: Simulator): void => {
  const videos = formatVideos(sim);
  const settings = sim.state.collection<unknown>('facebook', 'settings');

  for (const edge of ['video_reels', 'video_stories'] as const)
    r.post(
      `/:version/:page/${edge}`,
      (req) => {
        const page = authOf(req).pageId;
        if (!page || page !== req.params.page)
          return metaError({
            message: "(#200) The user hasn't authorized the application to perform this action",
            type: 'OAuthException',
            code: 200,
          });
        const p = allParams(req);
        // Graph takes enum values in any case (the specs list START, Meta's guide writes start).
        const phase = (p.upload_phase ?? '').toLowerCase();
        if (phase === 'start') {
          const id = numericId(16);
          videos.set(id, { id, page, edge, pollsLeft: Number(settings.get('reelPolls') ?? 2) });
          return json(200, {
            video_id: id,
            upload_url: `https://${RUPLOAD_HOST}/video-upload/${req.params.version}/${id}`,
          });
        }
        if (phase !== 'finish') return invalidParam('upload_phase must be start or finish');
        const v = videos.get(p.video_id ?? '');
        if (!v || v.page !== page || v.edge !== edge)
          return invalidParam(`Invalid video_id ${p.video_id ?? ''}`);
        if (v.bytes === undefined) return invalidParam('The video has not been uploaded', 1363019);
        if (v.postId) return invalidParam('The video has already been published', 1363040);
        const state = (p.video_state ?? 'PUBLISHED').toUpperCase() as FormatVideo['state'];
        v.state = state;
        if (edge === 'video_reels') {
          v.postId = v.id;
          sim.state.createPost(
            'facebook',
            page,
            {
              description: p.description ?? '',
              videoId: v.id,
              published: state === 'PUBLISHED',
              bytes: v.bytes,
            },
            { id: v.id, kind: 'reel' },
          );
          return json(200, { success: true });
        }
        v.postId = `${page}_${numericId(16)}`;
        sim.state.createPost(
          'facebook',
          page,
          { videoId: v.id, media: 'video', published: true, bytes: v.bytes },
          { id: v.postId, kind: 'story' },
        );
        return json(200, { success: true, post_id: v.postId });
      },
      { auth: true },
    );

  r.post(
    '/video-upload/:version/:video',
    async (req) => {
      if (req.host !== RUPLOAD_HOST) return invalidParam(`Video bytes are uploaded to ${RUPLOAD_HOST}`);
      const v = videos.get(req.params.video ?? '');
      const page = authOf(req).pageId;
      if (!v) return invalidParam(`Invalid video_id ${req.params.video ?? ''}`);
      if (v.page !== page)
        return metaError({ message: '(#200) Permissions error', type: 'OAuthException', code: 200 });
      const body = req.rawBody;
      const declared = Number(headerValue(req, 'file_size') ?? Number.NaN);
      if (headerValue(req, 'offset') !== '0' || declared !== body.length)
        return json(400, {
          debug_info: { type: 'PartialRequestError', message: 'file_size does not match the bytes sent' },
        });
      v.bytes = body.length;
      v.playable = looksLikeVideo(body);
      const format = facebookMediaRules.formats[v.edge === 'video_reels' ? 'reel' : 'story'];
      const [breach] = format && v.playable ? await videoBreachesOf(body, format) : [];
      if (breach) v.refusal = `The video ${breach.message}.`;
      return json(200, { success: true });
    },
    { auth: true },
  );
};

/** `GET /{video_id}?fields=status` of a Reel's or Story's video; undefined for another id. A read moves processing on. */
export function formatVideoView(sim: Simulator, req: SimRequest, id: string): SimResponse | undefined {
  const v = formatVideos(sim).get(id);
  if (!v) return undefined;
  if (v.page !== authOf(req).pageId)
    return metaError({ message: '(#10) Application does not have permission for this action', code: 10 });
  const uploaded = v.bytes !== undefined;
  let video_status = uploaded ? 'upload_complete' : 'uploading';
  const processing: Record<string, unknown> = { status: 'not_started' };
  const publishing: Record<string, unknown> = { status: 'not_started' };
  if (v.postId) {
    if (!v.playable || v.refusal) {
      video_status = 'error';
      processing.status = 'error';
      processing.error = {
        message: v.refusal ?? 'The video file you selected is in a format that we do not support.',
      };
    } else if (v.pollsLeft > 0) {
      v.pollsLeft--;
      video_status = 'processing';
      processing.status = 'in_progress';
    } else {
      video_status = 'ready';
      processing.status = 'complete';
      publishing.status = 'complete';
      publishing.publish_status = v.state === 'DRAFT' ? 'draft' : 'published';
      publishing.publish_time = Math.floor(Date.now() / 1000);
    }
  }
  return json(200, {
    id,
    status: {
      video_status,
      uploading_phase: { status: uploaded ? 'complete' : 'in_progress', bytes_transfered: v.bytes ?? 0 },
      processing_phase: processing,
      publishing_phase: publishing,
    },
  });
}
