/**
 * TikTok creator info (`POST /v2/post/publish/creator_info/query/`): the privacy
 * levels, interaction switches and longest video the creator may post now. TikTok
 * asks apps to read it before every direct post, so the publisher does, and fails
 * a target that does not fit it with what the creator allows (`checkFits`) instead
 * of letting init refuse it with a bare code.
 */
import type { AuthEnv } from '../auth-types.ts';
import { PlatformError, type PublishContext } from '../contract.ts';
import type { CreatorInfo } from '../module.ts';
import { accountCall, reasonFrom } from '../shared/account-call.ts';
import { platformCall } from '../shared/http.ts';
import { obj, optStr } from '../shared/json.ts';
import { jsonHeaders } from './account.ts';
import { checkOk, readTikTokError } from './errors.ts';
import type { TikTokOptions } from './options.ts';

/** The shape every module's `creatorInfo` lookup answers (module.ts). */
export type TikTokCreatorInfo = CreatorInfo;

const PATH = '/v2/post/publish/creator_info/query/';

/** For the lookup route (GET /v1/tiktok/creator-info): through the account-call reader. */
export async function queryCreatorInfo(env: AuthEnv, accessToken: string): Promise<TikTokCreatorInfo> {
  const answer = await accountCall(env, env.url('api', PATH), {
    method: 'POST',
    bearer: accessToken,
    json: {},
    headers: jsonHeaders,
  });
  const error = obj(answer, 'error');
  const code = optStr(error, 'code');
  if (code && code !== 'ok') {
    const message = optStr(error, 'message') ?? code;
    // TikTok answers its errors with HTTP 200 and an `error.code`; a dead token is `auth` (refresh once).
    throw code === 'access_token_invalid'
      ? new PlatformError('auth', `tiktok: ${message}`, { platformCode: code, reason: reasonFrom(message) })
      : new PlatformError('permanent', `tiktok: ${message}`, { platformCode: code });
  }
  return readCreatorInfo(answer);
}

/** For publishing: the same query through the publisher's error reader (rate limits, 5xx transient). */
export async function fetchCreatorInfo(ctx: PublishContext): Promise<TikTokCreatorInfo> {
  const res = await platformCall({
    method: 'POST',
    url: `${ctx.baseUrl}${PATH}`,
    bearer: ctx.account.accessToken,
    headers: jsonHeaders,
    json: {},
    signal: ctx.signal,
    what: 'TikTok: creator info',
    readError: readTikTokError,
  });
  return readCreatorInfo(checkOk(res).json);
}

export function readCreatorInfo(answer: unknown): TikTokCreatorInfo {
  const d = obj(answer, 'data');
  const options = Array.isArray(d.privacy_level_options) ? d.privacy_level_options.map(String) : [];
  const max = d.max_video_post_duration_sec;
  return {
    creatorAvatarUrl: optStr(d, 'creator_avatar_url'),
    creatorUsername: optStr(d, 'creator_username'),
    creatorNickname: optStr(d, 'creator_nickname'),
    privacyLevelOptions: options,
    commentDisabled: d.comment_disabled === true,
    duetDisabled: d.duet_disabled === true,
    stitchDisabled: d.stitch_disabled === true,
    maxVideoPostDurationSec: typeof max === 'number' ? max : null,
  };
}

/** The privacy level a target asks for (interface.md: default PUBLIC_TO_EVERYONE). */
export const privacyOf = (o: TikTokOptions): string => o.privacyLevel ?? 'PUBLIC_TO_EVERYONE';

/**
 * Throws a permanent error naming what the creator allows when the request does
 * not fit: a privacy level outside the creator's options, a video longer than the
 * creator may post, or comments, duets or stitches explicitly allowed (`false`)
 * where the creator has turned them off. Left unset, those follow the creator.
 */
export function checkFits(
  info: TikTokCreatorInfo,
  o: TikTokOptions,
  video: { durationSec?: number | undefined } | null,
): void {
  const who = info.creatorUsername ? `@${info.creatorUsername}` : 'the creator';
  const problems: string[] = [];
  const privacy = privacyOf(o);
  if (!info.privacyLevelOptions.includes(privacy))
    problems.push(
      `privacyLevel ${privacy} is not allowed for ${who} (allowed: ${info.privacyLevelOptions.join(', ') || 'none'})`,
    );
  if (o.disableComment === false && info.commentDisabled)
    problems.push(`${who} has turned comments off, so disableComment can not be false`);
  if (video) {
    if (o.disableDuet === false && info.duetDisabled)
      problems.push(`${who} has turned duets off, so disableDuet can not be false`);
    if (o.disableStitch === false && info.stitchDisabled)
      problems.push(`${who} has turned stitches off, so disableStitch can not be false`);
    const max = info.maxVideoPostDurationSec;
    if (max !== null && video.durationSec !== undefined && video.durationSec > max)
      problems.push(
        `the video lasts ${Math.round(video.durationSec)} s; ${who} may post videos of at most ${max} s`,
      );
  }
  if (problems.length) throw new PlatformError('permanent', `TikTok: ${problems.join('; ')}`);
}
