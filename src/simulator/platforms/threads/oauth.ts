/**
 * Threads OAuth (unversioned): authorize at `/oauth/authorize`, `POST /oauth/access_token`
 * → `{access_token, user_id}` (user_id a bare JSON number), long-lived exchange
 * `GET /access_token?grant_type=th_exchange_token`, refresh
 * `GET /refresh_access_token?grant_type=th_refresh_token`.
 */
import { allParams } from '../../core/http.ts';
import { authorize } from '../../core/oauth.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { metaError } from '../_shared/meta.ts';
import { exchangeCode, jsonWithNumericId, registerLongLivedTokenRoutes } from '../_shared/meta-oauth.ts';

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get('/oauth/authorize', (req) =>
    authorize(sim, 'threads', req, {
      scopeSeparator: ',',
      denyParams: {
        error: 'access_denied',
        error_reason: 'user_denied',
        error_description: 'Permissions error',
      },
    }),
  );

  r.post('/oauth/access_token', (req) => {
    const p = allParams(req);
    if (p['grant_type'] !== 'authorization_code')
      return metaError({ message: 'Unsupported grant_type', code: 100 });
    const x = exchangeCode(sim, 'threads', p);
    if (!x.ok) return metaError(x.error);
    return {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: jsonWithNumericId({ access_token: x.token.value }, 'user_id', x.token.accountId),
    };
  });

  registerLongLivedTokenRoutes(r, sim, 'threads', 'th');
};
