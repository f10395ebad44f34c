/** Threads `GET /me` (or `/v1.0/me`) with `fields=id,username,name,threads_profile_picture_url,threads_biography,is_verified`. */
import { allParams, authOf, json, type SimRequest, type SimResponse } from '../../core/http.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { fieldNames } from '../_shared/meta-oauth.ts';

const me = (req: SimRequest): SimResponse => {
  const a = authOf(req).account;
  const all: Record<string, unknown> = {
    id: a.id,
    username: a.username,
    name: a.name,
    threads_profile_picture_url: a.avatarUrl,
    threads_biography: '',
    is_verified: false,
  };
  const fields = fieldNames(allParams(req)['fields']);
  const want = fields.length ? fields : ['id'];
  return json(200, Object.fromEntries(Object.entries(all).filter(([k]) => want.includes(k) || k === 'id')));
};

export const register = (r: SimRouter, _sim: Simulator): void => {
  r.get('/me', me, { auth: true });
  r.get('/:version/me', me, { auth: true });
};
