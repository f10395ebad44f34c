/**
 * Discord OAuth2 (https://discord.com/developers/docs/topics/oauth2): authorize at
 * `/oauth2/authorize` (space-separated scopes), token at `POST /api/v10/oauth2/token`
 * with a form body and the client in the form or HTTP Basic. With `webhook.incoming`
 * the person picks a server and a channel on the authorize page, and the code's token
 * answer carries the webhook Discord made in that channel (`webhook`: id, token,
 * channel_id, guild_id, url). Here the account that authorizes is that webhook
 * (platform.ts), and its webhook token is a token of its own, apart from the OAuth
 * access token, which the webhook API does not take.
 */
import { allParams, basicAuth, json, type SimResponse } from '../../core/http.ts';
import { authorize, checkClient, expiresIn, issueGrant, redeemCode, refreshGrant } from '../../core/oauth.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { SIM_GUILD_ID, WEBHOOK_CHANNELS } from './platform.ts';

const oauthError = (error: string, description: string): SimResponse =>
  json(400, { error, error_description: description });

/** The channel a webhook posts to (accounts added by tests post to a text channel of their own). */
export const channelOf = (webhookId: string) =>
  WEBHOOK_CHANNELS[webhookId] ?? { channelId: `1${webhookId.slice(1)}`, forum: false, name: 'Sim Webhook' };

export const webhookObject = (sim: Simulator, webhookId: string, token?: string) => {
  const account = sim.state.account('discord', webhookId);
  const channel = channelOf(webhookId);
  return {
    application_id: null,
    avatar: null,
    channel_id: channel.channelId,
    guild_id: SIM_GUILD_ID,
    id: webhookId,
    name: account?.name ?? channel.name,
    type: 1,
    ...(token
      ? {
          token,
          url: `https://discord.com/api/webhooks/${webhookId}/${token}`,
        }
      : {}),
  };
};

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get('/oauth2/authorize', (req) => authorize(sim, 'discord', req));

  r.post('/api/v10/oauth2/token', (req) => {
    const p = allParams(req);
    const basic = basicAuth(req);
    const client = checkClient(
      sim,
      'discord',
      basic?.user ?? p.client_id,
      basic?.password ?? p.client_secret,
    );
    if (!client.ok) return json(401, { error: 'invalid_client' });
    const clientId = client.app.clientId;
    if (p.grant_type === 'authorization_code') {
      const code = redeemCode(sim, 'discord', {
        clientId,
        code: p.code,
        redirectUri: p.redirect_uri,
        verifier: p.code_verifier,
      });
      if (!code.ok) return oauthError('invalid_grant', `Invalid "code" in request.`);
      const g = issueGrant(sim, 'discord', {
        clientId,
        accountId: code.code.accountId,
        scopes: code.code.scopes,
        grantId: code.code.value,
      });
      const withWebhook = code.code.scopes.includes('webhook.incoming');
      // The webhook's token: its own credential, which lives as long as the webhook.
      const webhookToken = withWebhook
        ? sim.state.issueToken({
            platform: 'discord',
            clientId,
            accountId: code.code.accountId,
            scopes: ['webhook.incoming'],
            grantId: code.code.value,
            kind: 'access',
            expiresAt: null,
          }).value
        : undefined;
      return json(200, {
        token_type: 'Bearer',
        access_token: g.access.value,
        expires_in: expiresIn(sim, g.access) ?? 604800,
        ...(g.refresh ? { refresh_token: g.refresh.value } : {}),
        scope: code.code.scopes.join(' '),
        ...(webhookToken ? { webhook: webhookObject(sim, code.code.accountId, webhookToken) } : {}),
      });
    }
    if (p.grant_type === 'refresh_token') {
      const g = refreshGrant(sim, 'discord', { clientId, refreshToken: p.refresh_token });
      if (!g.ok) return oauthError('invalid_grant', 'Invalid "refresh_token" in request.');
      return json(200, {
        token_type: 'Bearer',
        access_token: g.access.value,
        expires_in: expiresIn(sim, g.access) ?? 604800,
        ...(g.refresh ? { refresh_token: g.refresh.value } : {}),
        scope: g.access.scopes.join(' '),
      });
    }
    return oauthError('unsupported_grant_type', `Unsupported grant type: ${p.grant_type ?? ''}`);
  });
};
