/**
 * LinkedIn OAuth: authorize at `/oauth/v2/authorization`, token at
 * `POST /oauth/v2/accessToken` with client_id/client_secret in the form. Refresh
 * tokens (approved partners) last 365 days from the first grant and are not rotated.
 */
import { allParams, json, type SimResponse } from '../../core/http.ts';
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
    access_token: g.access.value,
    expires_in: expiresIn(sim, g.access) ?? 5184000,
    ...(g.refresh
      ? { refresh_token: g.refresh.value, refresh_token_expires_in: expiresIn(sim, g.refresh) ?? 31536000 }
      : {}),
    scope: g.access.scopes.join(','),
    token_type: 'Bearer',
  });

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get('/oauth/v2/authorization', (req) =>
    authorize(sim, 'linkedin', req, {
      denyParams: {
        error: 'user_cancelled_authorize',
        error_description: 'The user cancelled the authorization',
      },
    }),
  );

  r.post('/oauth/v2/accessToken', (req) => {
    const p = allParams(req);
    const client = checkClient(sim, 'linkedin', p['client_id'], p['client_secret']);
    if (!client.ok) return oauthError(401, 'invalid_client', 'Client authentication failed');
    if (p['grant_type'] === 'authorization_code') {
      const code = redeemCode(sim, 'linkedin', {
        clientId: client.app.clientId,
        code: p['code'],
        redirectUri: p['redirect_uri'],
        verifier: p['code_verifier'],
      });
      if (!code.ok) {
        return oauthError(
          400,
          'invalid_request',
          'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists',
        );
      }
      return tokenAnswer(
        sim,
        issueGrant(sim, 'linkedin', {
          clientId: client.app.clientId,
          accountId: code.code.accountId,
          scopes: code.code.scopes,
          grantId: code.code.value,
        }),
      );
    }
    if (p['grant_type'] === 'refresh_token') {
      const g = refreshGrant(sim, 'linkedin', {
        clientId: client.app.clientId,
        refreshToken: p['refresh_token'],
      });
      if (!g.ok)
        return oauthError(400, 'invalid_request', 'The provided refresh token is invalid or has expired');
      return tokenAnswer(sim, g);
    }
    return oauthError(400, 'unsupported_grant_type', 'Grant type is not supported');
  });

  r.post('/oauth/v2/revoke', (req) => {
    const p = allParams(req);
    const client = checkClient(sim, 'linkedin', p['client_id'], p['client_secret']);
    if (!client.ok) return oauthError(401, 'invalid_client', 'Client authentication failed');
    const t = sim.state.token(p['token']);
    if (t && t.platform === 'linkedin') sim.state.revokeGrant(t.grantId);
    return json(200, {});
  });
};
