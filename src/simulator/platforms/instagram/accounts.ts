/**
 * Instagram `GET /me` (or `/{version}/me`) with `fields=user_id,username,name,
 * account_type,profile_picture_url,followers_count,media_count`. `user_id` is the
 * professional account id (the one webhooks and publishing use); `id` is app-scoped.
 */
import { allParams, authOf, json, type SimRequest, type SimResponse } from '../../core/http.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import type { SimAccount } from '../../core/types.ts';
import { fieldNames } from '../_shared/meta-oauth.ts';

/** The app-scoped id the simulator gives an Instagram user (stable, differs from user_id). */
export const appScopedId = (a: SimAccount): string => `2${a.id.slice(1)}`;

const me = (req: SimRequest): SimResponse => {
  const a = authOf(req).account;
  const fields = fieldNames(allParams(req)['fields']);
  const all: Record<string, unknown> = {
    id: appScopedId(a),
    user_id: a.id,
    username: a.username,
    name: a.name,
    account_type: a.accountType ?? 'BUSINESS',
    profile_picture_url: a.avatarUrl,
    followers_count: a.followersCount ?? 0,
    follows_count: 0,
    media_count: 0,
  };
  const want = fields.length ? fields : ['id', 'username'];
  return json(200, Object.fromEntries(Object.entries(all).filter(([k]) => want.includes(k) || k === 'id')));
};

export const register = (r: SimRouter, _sim: Simulator): void => {
  r.get('/me', me, { auth: true });
  r.get('/:version/me', me, { auth: true });
};
