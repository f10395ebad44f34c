/**
 * TikTok's video query on the simulator: `POST /v2/video/query/?fields=…` with
 * `{filters: {video_ids}}` (1 to 20 ids of the token's own videos; scope
 * `video.list`), the counts asked in `fields`; unknown ids are left out.
 * Numbers from _shared/metrics.ts.
 */
import { authOf, json, type SimRouter, type Simulator } from '../../index.ts';
import { postMetrics, type SimMetrics } from '../_shared/metrics.ts';
import { tiktokError } from './platform.ts';
import { needScope } from './rules.ts';

const FIELDS: Record<string, (m: SimMetrics) => number> = {
  view_count: (m) => m.views,
  like_count: (m) => m.likes,
  comment_count: (m) => m.comments,
  share_count: (m) => m.shares,
};

export const register = (r: SimRouter, sim: Simulator): void => {
  r.post(
    '/v2/video/query',
    (req) => {
      const denied = needScope(req, 'video.list');
      if (denied) return denied;
      const body = (req.body ?? {}) as { filters?: { video_ids?: unknown } };
      const ids = body.filters?.video_ids;
      if (!Array.isArray(ids) || ids.length === 0 || ids.length > 20)
        return tiktokError(400, 'invalid_params', 'filters.video_ids must list 1 to 20 video ids');
      const fields = (req.query.fields ?? 'id').split(',');
      const account = authOf(req).account.id;
      const videos = ids.flatMap((id) => {
        const post = sim.state.getPost('tiktok', String(id));
        if (!post || post.deleted || post.accountId !== account) return [];
        const m = postMetrics(sim, post);
        const out: Record<string, unknown> = { id: post.id };
        for (const f of fields) if (FIELDS[f]) out[f] = FIELDS[f](m);
        return [out];
      });
      return json(200, {
        data: { videos, cursor: 0, has_more: false },
        error: { code: 'ok', message: '', log_id: 'sim' },
      });
    },
    { auth: true },
  );
};
