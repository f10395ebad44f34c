/**
 * Reddit OAuth: `GET /api/v1/authorize` (space-separated scopes, `duration`
 * temporary or permanent, kept with the code), `POST /api/v1/access_token` with
 * HTTP Basic client auth and a form body (authorization_code, refresh_token),
 * `POST /api/v1/revoke_token` (204, also for an unknown token, as RFC 7009 says).
 * A temporary grant has no refresh token. Token errors are `{error: "invalid_grant"}`
 * with 400; a wrong client is 401.
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

const tokenAnswer = (sim: Simulator, g: Grant, refreshToken?: string): SimResponse =>
  json(200, {
    access_token: g.access.value,
    token_type: 'bearer',
    expires_in: expiresIn(sim, g.access) ?? 3600,
    scope: g.access.scopes.join(' '),
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
  });

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get('/api/v1/authorize', (req) => {
    const duration = req.query.duration;
    if (duration !== 'temporary' && duration !== 'permanent')
      return {
        status: 400,
        headers: { 'content-type': 'text/html' },
        body: '<p>invalid duration: temporary or permanent</p>',
      };
    return authorize(sim, 'reddit', req, { keep: ['duration'] });
  });

  r.post('/api/v1/access_token', (req) => {
    const p = allParams(req);
    const basic = basicAuth(req);
    const client = checkClient(sim, 'reddit', basic?.user, basic?.password);
    if (!client.ok) return json(401, { message: 'Unauthorized', error: 401 });
    const cid = client.app.clientId;
    if (p.grant_type === 'authorization_code') {
      const code = redeemCode(sim, 'reddit', {
        clientId: cid,
        code: p.code,
        redirectUri: p.redirect_uri,
        verifier: undefined,
      });
      if (!code.ok) return json(400, { error: 'invalid_grant' });
      const permanent = code.code.extra.duration === 'permanent';
      const g = issueGrant(sim, 'reddit', {
        clientId: cid,
        accountId: code.code.accountId,
        scopes: code.code.scopes,
        grantId: code.code.value,
        withRefresh: permanent,
      });
      return tokenAnswer(sim, g, g.refresh?.value);
    }
    if (p.grant_type === 'refresh_token') {
      const g = refreshGrant(sim, 'reddit', { clientId: cid, refreshToken: p.refresh_token });
      if (!g.ok) return json(400, { error: 'invalid_grant' });
      return tokenAnswer(sim, g, g.refresh.value);
    }
    return json(400, { error: 'unsupported_grant_type' });
  });

  r.post('/api/v1/revoke_token', (req) => {
    const basic = basicAuth(req);
    const client = checkClient(sim, 'reddit', basic?.user, basic?.password);
    if (!client.ok) return json(401, { message: 'Unauthorized', error: 401 });
    const t = sim.state.token(allParams(req).token);
    if (t && t.platform === 'reddit' && t.clientId === client.app.clientId) sim.state.revokeGrant(t.grantId);
    return { status: 204 };
  });
};
