/**
 * The YouTube Data API calls around an uploaded video on the simulator:
 * `videos.list` (status and processing state), `videos.update` (part=status
 * and part=snippet each replace the whole part, as the real API does; a snippet
 * needs title and categoryId), `videos.delete`,
 * `thumbnails.set` (raw image body; a channel that may not set custom
 * thumbnails gets 403 forbidden) and `commentThreads.insert` (403
 * `commentsDisabled` on videos made for kids). Each charges its quota units.
 */
import { authOf, bodyObject, headerValue, json, type SimResponse } from '../../core/http.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { googleError } from '../_shared/google.ts';
import { charge, settingsOf } from './quota.ts';
import {
  forbidden,
  isResponse,
  metadataProblem,
  ownVideo,
  type VideoData,
  videoId,
  videoResource,
} from './video.ts';

const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;

const sniffImage = (b: Buffer): string | undefined => {
  if (b[0] === 0xff && b[1] === 0xd8) return 'image/jpeg';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (b.subarray(0, 3).toString('latin1') === 'GIF') return 'image/gif';
  return undefined;
};

const error = (code: number, status: string, reason: string, message: string, domain = 'youtube.video') =>
  googleError(code, status, message, [{ message, domain, reason }]);

export const register = (r: SimRouter, sim: Simulator): void => {
  const comments = sim.state.collection<Record<string, unknown>>('youtube', 'comments');
  const quota = (
    req: Parameters<typeof authOf>[0],
    op: Parameters<typeof charge>[2],
  ): SimResponse | undefined => charge(sim, authOf(req).token.clientId, op);

  r.get(
    '/youtube/v3/videos',
    (req) => {
      const refused = quota(req, 'list');
      if (refused) return refused;
      const parts = (req.query.part ?? '').split(',').map((p) => p.trim());
      const { account } = authOf(req);
      const items = (req.query.id ?? '')
        .split(',')
        .map((id) => sim.state.getPost('youtube', id))
        .filter((p) => p && !p.deleted)
        .map((p) =>
          p &&
          (p.accountId === account.id || (p.data as unknown as VideoData).status.privacyStatus === 'public')
            ? videoResource(sim, p, parts)
            : undefined,
        )
        .filter((v) => v !== undefined);
      return json(200, {
        kind: 'youtube#videoListResponse',
        etag: 'etag-videos',
        items,
        pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      });
    },
    { auth: true },
  );

  r.put(
    '/youtube/v3/videos',
    (req) => {
      const { account } = authOf(req);
      const body = bodyObject(req);
      const found = ownVideo(sim, account, typeof body.id === 'string' ? body.id : undefined, 'body.id');
      if (isResponse(found)) return found;
      const refused = quota(req, 'update');
      if (refused) return refused;
      const parts = (req.query.part ?? '').split(',');
      const v = found.data as unknown as VideoData;
      if (parts.includes('status')) {
        const status = (body.status ?? {}) as Record<string, unknown>;
        if (!['public', 'private', 'unlisted'].includes(String(status.privacyStatus)))
          return error(400, 'INVALID_ARGUMENT', 'invalidVideoMetadata', 'The request metadata is invalid.');
        // The status part is replaced: what the body leaves out takes its default.
        v.status = {
          privacyStatus: String(status.privacyStatus),
          license: String(status.license ?? 'youtube'),
          embeddable: status.embeddable ?? true,
          publicStatsViewable: status.publicStatsViewable ?? true,
          selfDeclaredMadeForKids: status.selfDeclaredMadeForKids === true,
          containsSyntheticMedia: status.containsSyntheticMedia === true,
          ...(status.publishAt ? { publishAt: status.publishAt } : {}),
        };
      }
      if (parts.includes('snippet')) {
        // The snippet part is replaced whole; title and categoryId must be in it.
        const snippet = (body.snippet ?? {}) as VideoData['snippet'];
        const problem = metadataProblem({ snippet }, sim.clock.now());
        if (problem) return problem;
        if (snippet.categoryId === undefined)
          return error(
            400,
            'INVALID_ARGUMENT',
            'invalidCategoryId',
            'The snippet.categoryId property must be set.',
          );
        v.snippet = snippet;
        found.data.edits = Number(found.data.edits ?? 0) + 1;
      }
      return json(200, videoResource(sim, found, ['snippet', 'status']));
    },
    { auth: true },
  );

  r.delete(
    '/youtube/v3/videos',
    (req) => {
      const found = ownVideo(sim, authOf(req).account, req.query.id);
      if (isResponse(found)) return found;
      const refused = quota(req, 'delete');
      if (refused) return refused;
      sim.state.deletePost('youtube', found.id);
      return { status: 204 };
    },
    { auth: true },
  );

  r.post(
    '/upload/youtube/v3/thumbnails/set',
    (req) => {
      const found = ownVideo(sim, authOf(req).account, req.query.videoId, 'videoId');
      if (isResponse(found)) return found;
      if (!settingsOf(sim).thumbnailsAllowed)
        return forbidden(
          "The authenticated user doesn't have permissions to upload and set custom video thumbnails.",
        );
      const refused = quota(req, 'thumbnail');
      if (refused) return refused;
      const bytes = Buffer.isBuffer(req.body) ? req.body : req.rawBody;
      if (bytes.length === 0)
        return error(
          400,
          'INVALID_ARGUMENT',
          'mediaBodyRequired',
          'The request does not include the image content.',
        );
      const declared = (headerValue(req, 'content-type') ?? '').split(';')[0]?.trim() ?? '';
      if (!['image/jpeg', 'image/png', 'application/octet-stream'].includes(declared))
        return error(400, 'INVALID_ARGUMENT', 'invalidImage', `Media type '${declared}' is not supported.`);
      const real = sniffImage(bytes);
      if (!real)
        return error(400, 'INVALID_ARGUMENT', 'invalidImage', 'The provided image content is invalid.');
      if (bytes.length > THUMBNAIL_MAX_BYTES)
        return error(
          400,
          'FAILED_PRECONDITION',
          'mediaBodyTooLarge',
          'The thumbnail image file is too large.',
        );
      (found.data as unknown as VideoData).thumbnail = { bytes: bytes.length, contentType: real };
      const url = `https://i.ytimg.invalid/vi/${found.id}/custom.jpg`;
      return json(200, {
        kind: 'youtube#thumbnailSetResponse',
        etag: `etag-thumb-${found.id}`,
        items: [{ default: { url, width: 120, height: 90 }, high: { url, width: 480, height: 360 } }],
      });
    },
    { auth: true },
  );

  r.post(
    '/youtube/v3/commentThreads',
    (req) => {
      const { account } = authOf(req);
      const snippet = (bodyObject(req).snippet ?? {}) as Record<string, unknown>;
      const top = ((snippet.topLevelComment as Record<string, unknown> | undefined)?.snippet ?? {}) as Record<
        string,
        unknown
      >;
      const text = top.textOriginal;
      if (typeof text !== 'string' || text.trim() === '')
        return error(
          400,
          'INVALID_ARGUMENT',
          'commentTextRequired',
          'The comment resource must contain a snippet.topLevelComment.snippet.textOriginal property.',
          'youtube.commentThread',
        );
      if ([...text].length > 10_000)
        return error(
          400,
          'INVALID_ARGUMENT',
          'commentTextTooLong',
          'The comment resource being inserted contains too many characters in the snippet.topLevelComment.snippet.textOriginal property.',
          'youtube.commentThread',
        );
      const videoIdParam = typeof snippet.videoId === 'string' ? snippet.videoId : undefined;
      const post = videoIdParam ? sim.state.getPost('youtube', videoIdParam) : undefined;
      if (!post || post.deleted)
        return error(
          404,
          'NOT_FOUND',
          'videoNotFound',
          'The video identified by the videoId parameter could not be found.',
          'youtube.commentThread',
        );
      const v = post.data as unknown as VideoData;
      if (v.status.selfDeclaredMadeForKids === true)
        return error(
          403,
          'PERMISSION_DENIED',
          'commentsDisabled',
          'The video identified by the videoId parameter has disabled comments.',
          'youtube.commentThread',
        );
      const refused = quota(req, 'comment');
      if (refused) return refused;
      const id = `Ugz${videoId()}${videoId()}`;
      const channelId = account.channel?.id ?? `UC${account.id}`;
      const thread = {
        kind: 'youtube#commentThread',
        etag: `etag-${id}`,
        id,
        snippet: {
          channelId: v.channelId,
          videoId: post.id,
          topLevelComment: {
            kind: 'youtube#comment',
            etag: `etag-c-${id}`,
            id,
            snippet: {
              channelId: v.channelId,
              videoId: post.id,
              textDisplay: text,
              textOriginal: text,
              authorChannelId: { value: channelId },
              publishedAt: new Date(sim.clock.now()).toISOString(),
            },
          },
          canReply: true,
          totalReplyCount: 0,
          isPublic: true,
        },
      };
      comments.set(id, thread);
      return json(200, thread);
    },
    { auth: true },
  );
};
