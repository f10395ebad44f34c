/**
 * TikTok Login Kit v2: authorize at `/v2/auth/authorize/` with `client_key` and
 * comma-separated scopes; token at `POST /v2/oauth/token/` (form: client_key,
 * client_secret, code, grant_type, redirect_uri, code_verifier). PKCE when the
 * authorize request carried a challenge (base64url or, as desktop clients report,
 * hex S256). Refresh tokens rotate.
 */
import { allParams, json, type SimResponse } from '../../core/http.ts';
import { randomToken } from '../../core/ids.ts';
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

const oauthError = (error: string, error_description: string): SimResponse =>
  json(400, { error, error_description, log_id: randomToken('', 12) });

const tokenAnswer = (sim: Simulator, g: Grant): SimResponse =>
  json(200, {
    access_token: g.access.value,
    expires_in: expiresIn(sim, g.access) ?? 7200,
    open_id: g.account.id,
    refresh_expires_in: g.refresh ? (expiresIn(sim, g.refresh) ?? 15552000) : 0,
    refresh_token: g.refresh?.value ?? '',
    scope: g.access.scopes.join(','),
    token_type: 'Bearer',
  });

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get('/v2/auth/authorize', (req) =>
    authorize(sim, 'tiktok', req, { clientIdParam: 'client_key', scopeSeparator: ',' }),
  );

  r.post('/v2/oauth/token', (req) => {
    const p = allParams(req);
    const client = checkClient(sim, 'tiktok', p['client_key'], p['client_secret']);
    if (!client.ok) return oauthError('invalid_client', 'Client key or secret is incorrect.');
    if (p['grant_type'] === 'authorization_code') {
      const code = redeemCode(
        sim,
        'tiktok',
        {
          clientId: client.app.clientId,
          code: p['code'],
          redirectUri: p['redirect_uri'],
          verifier: p['code_verifier'],
        },
        { acceptHexS256: true },
      );
      if (!code.ok) {
        if (code.problem === 'expired') return oauthError('invalid_grant', 'Authorization code is expired.');
        if (code.problem === 'redirect_mismatch')
          return oauthError('invalid_request', 'Redirect URI is invalid.');
        if (code.problem === 'pkce_missing' || code.problem === 'pkce_mismatch') {
          return oauthError('invalid_request', 'Code verifier is invalid.');
        }
        return oauthError('invalid_grant', 'Authorization code is invalid.');
      }
      return tokenAnswer(
        sim,
        issueGrant(sim, 'tiktok', {
          clientId: client.app.clientId,
          accountId: code.code.accountId,
          scopes: code.code.scopes,
          grantId: code.code.value,
        }),
      );
    }
    if (p['grant_type'] === 'refresh_token') {
      const g = refreshGrant(sim, 'tiktok', {
        clientId: client.app.clientId,
        refreshToken: p['refresh_token'],
      });
      if (!g.ok) return oauthError('invalid_grant', 'Refresh token is invalid or expired.');
      return tokenAnswer(sim, g);
    }
    return oauthError('invalid_request', 'Grant type is not supported.');
  });

  r.post('/v2/oauth/revoke', (req) => {
    const p = allParams(req);
    const client = checkClient(sim, 'tiktok', p['client_key'], p['client_secret']);
    if (!client.ok) return oauthError('invalid_client', 'Client key or secret is incorrect.');
    const t = sim.state.token(p['token']);
    if (t && t.platform === 'tiktok') sim.state.revokeGrant(t.grantId);
    return json(200, {});
  });
};
