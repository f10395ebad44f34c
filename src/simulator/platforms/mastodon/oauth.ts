/**
 * Apps and OAuth of the simulated instance: `POST /api/v1/apps` registers an app
 * (any caller may, as on Mastodon) and answers its client id and secret;
 * `/oauth/authorize` approves at once (core/oauth.ts) and redirects with the code;
 * `POST /oauth/token` redeems it (with the PKCE verifier when a challenge was
 * sent); `POST /oauth/revoke` ends a token.
 */
import { randomBytes } from 'node:crypto';
import { bodyObject, json } from '../../core/http.ts';
import { authorize, checkClient, issueGrant, redeemCode } from '../../core/oauth.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { mastodonError } from './platform.ts';

let appSeq = 0;

export const register = (r: SimRouter, sim: Simulator): void => {
  r.post('/api/v1/apps', (req) => {
    const b = bodyObject(req);
    const name = typeof b.client_name === 'string' ? b.client_name : '';
    const uris = Array.isArray(b.redirect_uris)
      ? b.redirect_uris.filter((u): u is string => typeof u === 'string')
      : typeof b.redirect_uris === 'string'
        ? [b.redirect_uris]
        : [];
    if (!name) return json(422, { error: "Validation failed: Application name can't be blank" });
    if (uris.length === 0 || uris.some((u) => !/^https?:\/\//.test(u)))
      return json(422, { error: 'Validation failed: Redirect URI must be an absolute URI.' });
    const id = String(++appSeq);
    const app = sim.state.addApp('mastodon', {
      clientId: randomBytes(16).toString('base64url'),
      clientSecret: randomBytes(24).toString('base64url'),
      redirectUris: uris,
      name,
    });
    const scopes = typeof b.scopes === 'string' ? b.scopes.split(' ').filter(Boolean) : ['read'];
    return json(200, {
      id,
      name,
      website: typeof b.website === 'string' ? b.website : null,
      scopes,
      redirect_uri: uris.join('\n'),
      redirect_uris: uris,
      client_id: app.clientId,
      client_secret: app.clientSecret,
      client_secret_expires_at: 0,
      vapid_key: 'BCk-QqERU0q-CfYZjcuB6lnyyOYfJ2AifKqfeGIm7Z-HiTU5T9eTG5GxVA0_OH5mMlI4UkkDTpaZwozy0TzdZ2M=',
    });
  });

  r.get('/oauth/authorize', (req) => authorize(sim, 'mastodon', req));

  r.post('/oauth/token', (req) => {
    const p = bodyObject(req) as Record<string, string | undefined>;
    if (p.grant_type !== 'authorization_code')
      return json(400, {
        error: 'unsupported_grant_type',
        error_description: 'The authorization grant type is not supported.',
      });
    const client = checkClient(sim, 'mastodon', p.client_id, p.client_secret ?? '');
    if (!client.ok)
      return json(401, {
        error: 'invalid_client',
        error_description:
          'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
      });
    const x = redeemCode(sim, 'mastodon', {
      clientId: client.app.clientId,
      code: p.code,
      redirectUri: p.redirect_uri,
      verifier: p.code_verifier,
    });
    if (!x.ok)
      return json(400, {
        error: 'invalid_grant',
        error_description:
          'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
      });
    const grant = issueGrant(sim, 'mastodon', {
      clientId: client.app.clientId,
      accountId: x.code.accountId,
      scopes: x.code.scopes,
      grantId: x.code.value,
    });
    return json(200, {
      access_token: grant.access.value,
      token_type: 'Bearer',
      scope: x.code.scopes.join(' '),
      created_at: Math.floor(sim.clock.now() / 1000),
    });
  });

  r.post('/oauth/revoke', (req) => {
    const p = bodyObject(req) as Record<string, string | undefined>;
    const client = checkClient(sim, 'mastodon', p.client_id, p.client_secret ?? '');
    if (!client.ok) return mastodonError(403, 'You are not authorized to revoke this token');
    const t = sim.state.token(p.token);
    if (t && t.clientId === client.app.clientId) t.revoked = true;
    return json(200, {});
  });
};
