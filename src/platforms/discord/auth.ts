/**
 * Connecting a Discord channel (https://discord.com/developers/docs/topics/oauth2#webhooks):
 * OAuth2 authorization code with the one scope `webhook.incoming`. On Discord's page
 * the person picks a server and a channel; the token answer carries the webhook
 * Discord made there (`webhook`: id, token, channel_id, guild_id, url). No bot joins
 * the server. The webhook's token becomes the integration's access token (sealed like
 * every token) and the channel the account; the OAuth access token itself serves no
 * call and is not kept. The webhook lives until someone deletes it in the channel's
 * settings (or removes the app): then Discord answers 404 Unknown Webhook and the
 * channel must be connected again. Nothing to refresh, nothing to revoke.
 */
import { type CapabilityScopes, type OAuthPlatformAuth, scopesOf } from '../auth-types.ts';
import { PlatformError } from '../contract.ts';
import { accountCall } from '../shared/account-call.ts';
import { readTokenAnswer, urlWithParams } from '../shared/oauth2.ts';
import { webhookCall } from './api.ts';

/** Publishing needs the webhook only; the webhook's own API reads and edits its messages. */
const NEEDS = {
  connect: ['webhook.incoming'],
  publish: ['webhook.incoming'],
} satisfies CapabilityScopes;

interface WebhookAnswer {
  id?: unknown;
  token?: unknown;
  channel_id?: unknown;
  guild_id?: unknown;
  name?: unknown;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export const discordAuth = {
  method: 'oauth2',
  // Discord takes PKCE for confidential clients too.
  pkce: true,
  scopesByCapability: NEEDS,
  scopes: scopesOf(NEEDS),
  selection: 'all',
  authorizationUrl: (env, request) =>
    urlWithParams(env.url('authorize', '/oauth2/authorize'), {
      response_type: 'code',
      client_id: env.client.clientId,
      redirect_uri: env.redirectUri,
      scope: 'webhook.incoming',
      state: request.state,
      // The person chooses the channel now, every time.
      prompt: 'consent',
      code_challenge: request.codeChallenge,
      code_challenge_method: request.codeChallenge ? 'S256' : null,
    }),
  async exchangeCode(env, request) {
    const answer = (await accountCall(env, env.url('token', '/api/v10/oauth2/token'), {
      form: {
        grant_type: 'authorization_code',
        code: request.code,
        redirect_uri: env.redirectUri,
        client_id: env.client.clientId,
        client_secret: env.client.clientSecret,
        code_verifier: request.codeVerifier ?? undefined,
      },
    })) as { webhook?: WebhookAnswer };
    const read = readTokenAnswer(env, answer);
    const webhook = answer.webhook;
    const token = str(webhook?.token);
    if (!webhook || !str(webhook.id) || !token)
      throw new PlatformError(
        'permanent',
        'Discord: the authorization carries no webhook (the webhook.incoming scope was not granted, or no channel was picked)',
      );
    // The webhook's token is the credential; the OAuth token opens nothing we call.
    return {
      accessToken: token,
      refreshToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scopes: read.scopes,
      grant: { webhook },
    };
  },
  refresh: null,
  /** The webhook read back with its token (Get Webhook with Token): it exists and the token works. */
  async listAccounts(env, tokens) {
    const given = (tokens.grant?.webhook ?? {}) as WebhookAnswer;
    const id = str(given.id);
    if (!id) throw new PlatformError('permanent', 'Discord: no webhook to read');
    const webhook = (await webhookCall(
      { base: env.url('api', ''), webhook: { id, token: tokens.accessToken }, timeoutMs: env.timeoutMs },
      { method: 'GET', what: 'Discord: read the webhook' },
    )) as WebhookAnswer;
    const channelId = str(webhook.channel_id) ?? str(given.channel_id);
    const guildId = str(webhook.guild_id) ?? str(given.guild_id);
    if (!channelId) throw new PlatformError('permanent', 'Discord: the webhook names no channel');
    const name = str(webhook.name) ?? str(given.name);
    // The account's own tokens: the webhook's, without the token answer it came in.
    const { grant: _answer, ...own } = tokens;
    return [
      {
        platformUserId: channelId,
        type: 'channel',
        username: null,
        displayName: name,
        profileUrl: guildId ? `https://discord.com/channels/${guildId}/${channelId}` : null,
        imageUrl: null,
        metadata: { webhookId: id, guildId, channelId, webhookName: name },
        tokens: own,
      },
    ];
  },
  revoke: null,
} satisfies OAuthPlatformAuth;
