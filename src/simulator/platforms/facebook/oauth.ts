/**
 * Facebook Login: the dialog `/{version}/dialog/oauth` (comma-separated scopes),
 * `GET /{version}/oauth/access_token` for the code exchange (short-lived token) and
 * the long-lived exchange (`grant_type=fb_exchange_token`). No refresh tokens.
 */
import { allParams, json, type SimRequest, type SimResponse } from '../../core/http.ts';
import { authorize } from '../../core/oauth.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { metaError } from '../_shared/meta.ts';
import { exchangeCode, exchangeLongLived, expiresInSec, isGraphVersion } from '../_shared/meta-oauth.ts';

export const unknownPath = (): SimResponse => metaError({ message: 'Unknown path components', code: 2500 });

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get('/:version/dialog/oauth', (req) => {
    if (!isGraphVersion(req.params['version'])) return unknownPath();
    return authorize(sim, 'facebook', req, {
      scopeSeparator: ',',
      suffix: '#_=_',
      denyParams: {
        error: 'access_denied',
        error_code: '200',
        error_description: 'Permissions error',
        error_reason: 'user_denied',
      },
    });
  });

  const accessToken = (req: SimRequest): SimResponse => {
    if (!isGraphVersion(req.params['version'])) return unknownPath();
    const p = allParams(req);
    if (p['grant_type'] === 'fb_exchange_token') {
      const r2 = exchangeLongLived(sim, 'facebook', {
        clientId: p['client_id'],
        clientSecret: p['client_secret'],
        token: p['fb_exchange_token'],
      });
      if (!r2.ok) return metaError(r2.error);
      return json(200, {
        access_token: r2.token.value,
        token_type: 'bearer',
        expires_in: expiresInSec(sim, r2.token),
      });
    }
    const x = exchangeCode(sim, 'facebook', p);
    if (!x.ok) return metaError(x.error);
    return json(200, {
      access_token: x.token.value,
      token_type: 'bearer',
      expires_in: expiresInSec(sim, x.token),
    });
  };
  r.get('/:version/oauth/access_token', accessToken);
  r.post('/:version/oauth/access_token', accessToken);
};
