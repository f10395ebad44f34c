/**
 * TikTok creator info (`POST /v2/post/publish/creator_info/query/`): the privacy
 * levels, interaction switches and longest video the creator may post now. TikTok
 * asks apps to read it before every direct post.
 */
import type { AuthEnv } from '../auth-types.ts';
import { PlatformError } from '../contract.ts';
import type { CreatorInfo } from '../module.ts';
import { accountCall, reasonFrom } from '../shared/account-call.ts';
import { obj, optStr } from '../shared/json.ts';

/** The shape every module's `creatorInfo` lookup answers (module.ts). */
export type TikTokCreatorInfo = CreatorInfo;

export async function queryCreatorInfo(env: AuthEnv, accessToken: string): Promise<TikTokCreatorInfo> {
  const answer = await accountCall(env, env.url('api', '/v2/post/publish/creator_info/query/'), {
    method: 'POST',
    bearer: accessToken,
    json: {},
    headers: { 'content-type': 'application/json; charset=UTF-8' },
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
