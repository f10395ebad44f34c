import { Type } from 'typebox';
import { connectTelegram } from '../../domain/connect/telegram.ts';
import { invalid } from '../../errors.ts';
import { defineRoute } from '../../http/route.ts';
import { integrationDetailExample, withExample } from '../examples.ts';
import { IntegrationDetailSchema } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/connect/telegram/auth',
  access: 'publish',
  summary: 'Connect a Telegram channel or group with a bot token',
  description:
    'Checks the bot token with Telegram (`getMe`), finds the chat (`getChat`: `@username` of a public channel or the numeric id of any chat the bot is in) and reads the bot\'s rights there (`getChatMember`): in a channel the bot must be an administrator allowed to post messages, in a group a member that may send messages. 400 says exactly what is missing (naming the bot and the chat); 401 when Telegram does not know the token; 502 when Telegram can not be reached. The chat becomes the integration; the token is stored sealed and used for nothing else. In sandbox mode `{"botToken": "sim-telegram-bot-token", "chatId": "@sim_channel"}` connects the simulator\'s channel. `profileId` (query or body; they must agree) assigns the account; `redirectUri` is echoed in the answer.',
  tags: ['connect'],
  query: Type.Object(
    {
      redirectUri: Type.Optional(Type.String({ format: 'uri', maxLength: 2000 })),
      profileId: Type.Optional(Type.String({ minLength: 1 })),
    },
    { additionalProperties: false },
  ),
  body: Type.Object(
    {
      botToken: Type.String({
        minLength: 1,
        maxLength: 200,
        pattern: '^[0-9]+:[A-Za-z0-9_-]+$|^sim-telegram-bot-token$',
        description: 'The bot token @BotFather gave (`123456789:AA…`).',
      }),
      chatId: Type.String({
        minLength: 1,
        maxLength: 100,
        pattern: '^(@[A-Za-z0-9_]{4,32}|-?[0-9]{1,20})$',
        description: "`@username` of a public channel or group, or the chat's numeric id (`-100…`).",
      }),
      profileId: Type.Optional(Type.String({ minLength: 1 })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        integration: IntegrationDetailSchema,
        redirectUri: Type.Union([Type.String(), Type.Null()]),
      }),
      {
        success: true,
        integration: {
          ...integrationDetailExample,
          platform: 'telegram',
          platformUserId: '-1001987654321',
          username: 'acmecoffee',
          displayName: 'Acme Coffee',
          profileUrl: 'https://t.me/acmecoffee',
          imageUrl: null,
          platformMetadata: { type: 'channel' },
          scopes: [],
          accessTokenExpiresAt: null,
          refreshTokenExpiresAt: null,
          tokenStatus: { valid: true, autoRefreshes: false, reconnectRequired: false, reason: null },
        },
        redirectUri: null,
      },
    ),
  },
  errors: [400, 401, 404, 502],
  handler: async ({ body, query, caller }, ctx) => {
    if (query.profileId && body.profileId && query.profileId !== body.profileId)
      throw invalid('profileId: the query and the body name different profiles; send one');
    const profileId = body.profileId ?? query.profileId;
    return {
      success: true,
      integration: await connectTelegram(ctx, caller, { ...body, profileId }),
      redirectUri: query.redirectUri ?? null,
    };
  },
});
