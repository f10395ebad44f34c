/**
 * Instagram Login: authorize at `/oauth/authorize` (the redirect ends in `#_`),
 * `POST /oauth/access_token` (api.instagram.com; errors in its own
 * `{error_type, code, error_message}` shape; `user_id` is a bare JSON number),
 * `GET /access_token?grant_type=ig_exchange_token` and
 * `GET /refresh_access_token?grant_type=ig_refresh_token` (graph.instagram.com).
 */
import { allParams, json, type SimResponse } from '../../core/http.ts';
import { authorize } from '../../core/oauth.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { exchangeCode, jsonWithNumericId, registerLongLivedTokenRoutes } from '../_shared/meta-oauth.ts';

const igOauthError = (message: string): SimResponse =>
  json(400, { error_type: 'OAuthException', code: 400, error_message: message });

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get('/oauth/authorize', (req) =>
    authorize(sim, 'instagram', req, {
      scopeSeparator: ',',
      suffix: '#_',
      denyParams: {
        error: 'access_denied',
        error_reason: 'user_denied',
        error_description: 'The user denied your request',
      },
    }),
  );

  r.post('/oauth/access_token', (req) => {
    const p = allParams(req);
    if (p['grant_type'] !== 'authorization_code') return igOauthError('Invalid grant_type');
    const x = exchangeCode(sim, 'instagram', p);
    if (!x.ok) {
      if (x.problem === 'unknown_client') return igOauthError('Invalid platform app');
      if (x.problem === 'bad_secret') return igOauthError('Error validating client secret.');
      if (x.problem === 'used') return igOauthError('This authorization code has been used');
      if (x.problem === 'redirect_mismatch') {
        return igOauthError(
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        );
      }
      return igOauthError('Invalid authorization code');
    }
    return {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: jsonWithNumericId(
        { access_token: x.token.value, permissions: x.token.scopes.join(',') },
        'user_id',
        x.token.accountId,
      ),
    };
  });

  registerLongLivedTokenRoutes(r, sim, 'instagram', 'ig');
};
