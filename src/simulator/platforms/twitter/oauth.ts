/**
 * X OAuth 2.0: authorize at `/i/oauth2/authorize` (also `/2/oauth2/authorize`), token
 * at `/2/oauth2/token` with HTTP Basic client auth, PKCE required, refresh tokens
 * only with `offline.access`, single-use and rotating.
 */
import { basicAuth, bodyObject, json, type SimResponse } from '../../core/http.ts';
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

const oauthError = (status: number, error: string, error_description: string): SimResponse =>
  json(status, { error, error_description });

const tokenAnswer = (sim: Simulator, g: Grant): SimResponse =>
  json(200, {
    token_type: 'bearer',
    expires_in: expiresIn(sim, g.access) ?? 7200,
    access_token: g.access.value,
    scope: g.access.scopes.join(' '),
    ...(g.refresh ? { refresh_token: g.refresh.value } : {}),
  });

export const register = (r: SimRouter, sim: Simulator): void => {
  const page = (req: Parameters<typeof authorize>[2]) => authorize(sim, 'twitter', req);
  r.get('/i/oauth2/authorize', page);
  r.get('/2/oauth2/authorize', page);

  r.post('/2/oauth2/token', (req) => {
    const b = bodyObject(req) as Record<string, string | undefined>;
    const basic = basicAuth(req);
    if (!basic) return oauthError(401, 'unauthorized_client', 'Missing valid authorization header');
    const client = checkClient(sim, 'twitter', basic.user, basic.password);
    if (!client.ok) return oauthError(401, 'unauthorized_client', 'Missing valid authorization header');
    if (b['client_id'] !== undefined && b['client_id'] !== basic.user) {
      return oauthError(400, 'invalid_request', 'Value passed for the client_id was invalid.');
    }
    if (b['grant_type'] === 'authorization_code') {
      if (!b['code_verifier'])
        return oauthError(400, 'invalid_request', 'Missing required parameter [code_verifier].');
      const code = redeemCode(sim, 'twitter', {
        clientId: basic.user,
        code: b['code'],
        redirectUri: b['redirect_uri'],
        verifier: b['code_verifier'],
      });
      if (!code.ok)
        return oauthError(400, 'invalid_request', 'Value passed for the authorization code was invalid.');
      const g = issueGrant(sim, 'twitter', {
        clientId: basic.user,
        accountId: code.code.accountId,
        scopes: code.code.scopes,
        grantId: code.code.value,
        withRefresh: code.code.scopes.includes('offline.access'),
      });
      return tokenAnswer(sim, g);
    }
    if (b['grant_type'] === 'refresh_token') {
      const g = refreshGrant(sim, 'twitter', { clientId: basic.user, refreshToken: b['refresh_token'] });
      if (!g.ok) return oauthError(400, 'invalid_request', 'Value passed for the token was invalid.');
      return tokenAnswer(sim, g);
    }
    return oauthError(400, 'unsupported_grant_type', 'Grant type is not supported.');
  });

  r.post('/2/oauth2/revoke', (req) => {
    const b = bodyObject(req) as Record<string, string | undefined>;
    const t = sim.state.token(b['token']);
    if (t && t.platform === 'twitter') t.revoked = true;
    return json(200, { revoked: true });
  });
};
