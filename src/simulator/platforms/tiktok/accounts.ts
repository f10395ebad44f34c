/**
 * TikTok `GET /v2/user/info/?fields=...` (scope user.info.basic) and
 * `POST /v2/post/publish/creator_info/query/` (scope video.publish).
 */
import { authOf, json, type SimResponse } from '../../core/http.ts';
import { randomToken } from '../../core/ids.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { tiktokError } from './platform.ts';
import { needScope, rateLimited, withinRate } from './rules.ts';

const ok = (data: unknown): SimResponse =>
  json(200, { data, error: { code: 'ok', message: '', log_id: randomToken('', 12) } });

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get(
    '/v2/user/info',
    (req) => {
      const denied = needScope(req, 'user.info.basic');
      if (denied) return denied;
      const a = authOf(req).account;
      const all: Record<string, unknown> = {
        open_id: a.id,
        union_id: `union-${a.id}`,
        avatar_url: a.avatarUrl,
        avatar_url_100: a.avatarUrl,
        avatar_large_url: a.avatarUrl,
        display_name: a.name,
        username: a.username,
        bio_description: '',
        profile_deep_link: `https://www.tiktok.com/@${a.username}`,
        is_verified: false,
        follower_count: a.followersCount ?? 0,
        following_count: 0,
        likes_count: 0,
        video_count: 0,
      };
      const fields = (req.query['fields'] ?? '').split(',').filter((f) => f);
      if (fields.length === 0) return tiktokError(400, 'invalid_params', 'fields is required');
      return ok({ user: Object.fromEntries(Object.entries(all).filter(([k]) => fields.includes(k))) });
    },
    { auth: true },
  );

  r.post(
    '/v2/post/publish/creator_info/query',
    (req) => {
      const denied = needScope(req, 'video.publish');
      if (denied) return denied;
      if (!withinRate(sim, 'creatorInfo', authOf(req).token.value)) return rateLimited();
      const a = authOf(req).account;
      const c = a.creatorInfo;
      return ok({
        creator_avatar_url: a.avatarUrl,
        creator_username: a.username,
        creator_nickname: a.name,
        privacy_level_options: c?.privacyLevelOptions ?? ['SELF_ONLY'],
        comment_disabled: c?.commentDisabled ?? false,
        duet_disabled: c?.duetDisabled ?? false,
        stitch_disabled: c?.stitchDisabled ?? false,
        max_video_post_duration_sec: c?.maxVideoPostDurationSec ?? 600,
      });
    },
    { auth: true },
  );
};
