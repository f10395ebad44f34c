/**
 * Pinterest OAuth: authorize at `/oauth/` (comma-separated scopes); token at
 * `POST /v5/oauth/token` with HTTP Basic client auth and a form body. "Continuous"
 * refresh tokens: 60 days, each refresh returns a new one and the old one dies.
 */
import { allParams, basicAuth, json, type SimResponse } from '../../core/http.ts';
import {
  authorize,
  checkClient,
  expiresIn,
  type Grant,
  issueGrant,
  redeemCode,
  refreshGrant,
} from '../../core/oauth.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';

const invalidGrant = (): SimResponse =>
  json(400, { code: 283, message: 'The authorization grant is invalid' });

const tokenAnswer = (sim: Simulator, g: Grant, responseType: string): SimResponse => {
  const refreshIn = g.refresh ? (expiresIn(sim, g.refresh) ?? 5184000) : 0;
  return json(200, {
    access_token: g.access.value,
    expires_in: expiresIn(sim, g.access) ?? 2592000,
    ...(g.refresh
      ? {
          refresh_token: g.refresh.value,
          refresh_token_expires_in: refreshIn,
          refresh_token_expires_at: sim.clock.nowSec() + refreshIn,
        }
      : {}),
    scope: g.access.scopes.join(','),
    token_type: 'bearer',
    response_type: responseType,
  });
};

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get('/oauth', (req) => authorize(sim, 'pinterest', req, { scopeSeparator: ',' }));

  r.post('/v5/oauth/token', (req) => {
    const p = allParams(req);
    const basic = basicAuth(req);
    const client = checkClient(sim, 'pinterest', basic?.user, basic?.password);
    if (!client.ok) return json(401, { code: 2, message: 'Authentication failed.' });
    const cid = client.app.clientId;
    if (p['grant_type'] === 'authorization_code') {
      const code = redeemCode(sim, 'pinterest', {
        clientId: cid,
        code: p['code'],
        redirectUri: p['redirect_uri'],
        verifier: p['code_verifier'],
      });
      if (!code.ok) return invalidGrant();
      const g = issueGrant(sim, 'pinterest', {
        clientId: cid,
        accountId: code.code.accountId,
        scopes: code.code.scopes,
        grantId: code.code.value,
      });
      return tokenAnswer(sim, g, 'authorization_code');
    }
    if (p['grant_type'] === 'refresh_token') {
      const g = refreshGrant(sim, 'pinterest', { clientId: cid, refreshToken: p['refresh_token'] });
      if (!g.ok) return invalidGrant();
      return tokenAnswer(sim, g, 'refresh_token');
    }
    return json(400, { code: 1, message: `Invalid grant_type: ${p['grant_type'] ?? ''}` });
  });
};
