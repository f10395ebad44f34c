/**
 * Google OAuth 2.0 (accounts.google.com + oauth2.googleapis.com), shared by YouTube and
 * Google Business Profile: `/o/oauth2/v2/auth`, `POST /token`, `POST /revoke`,
 * `GET /oauth2/v3/userinfo`. Client credentials in the body (or Basic). A refresh
 * token comes only with `access_type=offline`, and on a repeat consent only with
 * `prompt=consent`; refresh tokens are not rotated.
 */
import { allParams, authOf, basicAuth, json, type SimResponse } from '../../core/http.ts';
import { authorize, checkClient, expiresIn, issueGrant, redeemCode, refreshGrant } from '../../core/oauth.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';

type GooglePlatform = 'youtube' | 'googlebusiness';

const oauthError = (status: number, error: string, error_description: string): SimResponse =>
  json(status, { error, error_description });

export const registerGoogleOAuth = (r: SimRouter, sim: Simulator, platform: GooglePlatform): void => {
  const page = (req: Parameters<typeof authorize>[2]) =>
    authorize(sim, platform, req, { keep: ['access_type', 'prompt'] });
  r.get('/o/oauth2/v2/auth', page);
  r.get('/o/oauth2/auth', page);

  r.post('/token', (req) => {
    const p = allParams(req);
    const basic = basicAuth(req);
    const clientId = basic?.user ?? p['client_id'];
    const client = checkClient(sim, platform, clientId, basic?.password ?? p['client_secret']);
    if (!client.ok) {
      return client.problem === 'unknown_client'
        ? oauthError(401, 'invalid_client', 'The OAuth client was not found.')
        : oauthError(401, 'invalid_client', 'Unauthorized');
    }
    const cid = client.app.clientId;
    if (p['grant_type'] === 'authorization_code') {
      const code = redeemCode(sim, platform, {
        clientId: cid,
        code: p['code'],
        redirectUri: p['redirect_uri'],
        verifier: p['code_verifier'],
      });
      if (!code.ok) {
        if (code.problem === 'redirect_mismatch')
          return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
        if (code.problem === 'pkce_missing')
          return oauthError(400, 'invalid_grant', 'Missing code verifier.');
        if (code.problem === 'pkce_mismatch')
          return oauthError(400, 'invalid_grant', 'Invalid code verifier.');
        return oauthError(400, 'invalid_grant', 'Bad Request');
      }
      const c = code.code;
      // Google hands out a refresh token for offline access, and again for a user who
      // already granted one only when consent is asked for again.
      const hasLiveRefresh = sim.state
        .tokensWhere({ platform, account: c.accountId, kind: 'refresh', clientId: cid })
        .some((t) => !t.revoked);
      const withRefresh =
        c.extra['access_type'] === 'offline' && (!hasLiveRefresh || c.extra['prompt'] === 'consent');
      const g = issueGrant(sim, platform, {
        clientId: cid,
        accountId: c.accountId,
        scopes: c.scopes,
        grantId: c.value,
        withRefresh,
      });
      return json(200, {
        access_token: g.access.value,
        expires_in: expiresIn(sim, g.access) ?? 3599,
        ...(g.refresh ? { refresh_token: g.refresh.value } : {}),
        scope: c.scopes.join(' '),
        token_type: 'Bearer',
      });
    }
    if (p['grant_type'] === 'refresh_token') {
      const g = refreshGrant(sim, platform, { clientId: cid, refreshToken: p['refresh_token'] });
      if (!g.ok) {
        return g.problem === 'client_mismatch'
          ? oauthError(400, 'unauthorized_client', 'Unauthorized')
          : oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
      }
      return json(200, {
        access_token: g.access.value,
        expires_in: expiresIn(sim, g.access) ?? 3599,
        scope: g.access.scopes.join(' '),
        token_type: 'Bearer',
        ...(g.rotated ? { refresh_token: g.refresh.value } : {}),
      });
    }
    return oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${p['grant_type'] ?? ''}`);
  });

  r.post('/revoke', (req) => {
    const t = sim.state.token(allParams(req)['token']);
    if (!t || t.platform !== platform || t.revoked) {
      return oauthError(400, 'invalid_token', 'Token expired or revoked');
    }
    // Revoking either token of a grant ends the whole grant.
    sim.state.revokeGrant(t.grantId);
    return json(200, {});
  });

  r.get(
    '/oauth2/v3/userinfo',
    (req) => {
      const a = authOf(req).account;
      const [given, ...rest] = a.name.split(' ');
      return json(200, {
        sub: a.id,
        name: a.name,
        given_name: given ?? a.name,
        family_name: rest.join(' '),
        picture: a.avatarUrl,
        email: a.email,
        email_verified: true,
      });
    },
    { auth: true },
  );
};
