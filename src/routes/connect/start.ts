import { Type } from 'typebox';
import { startConnect } from '../../domain/connect/start.ts';
import { invalid } from '../../errors.ts';
import { defineRoute } from '../../http/route.ts';
import { PLATFORMS } from '../../platforms/names.ts';
import { withExample } from '../examples.ts';

/**
 * Every platform name is accepted here, so an unknown one gets a single sentence
 * listing the platforms, and Bluesky (which has no redirect flow) is told how it
 * connects instead of being refused as if it did not exist.
 */
export const BLUESKY_CONNECT_HINT =
  'Bluesky connects without a redirect: POST /v1/connect/bluesky/auth with {"identifier": "<handle or e-mail>", "password": "<app password>"}.';

export const TELEGRAM_CONNECT_HINT =
  'Telegram connects without a redirect: POST /v1/connect/telegram/auth with {"botToken": "<token from @BotFather>", "chatId": "@<channel> or the chat\'s numeric id"}.';

export default defineRoute({
  method: 'GET',
  url: '/v1/connect/:platform',
  access: 'publish',
  summary: 'Start connecting an account',
  description:
    'Answers the platform authorization URL to open. After the user approves, the service stores the integration and redirects to `redirectUri` with `platform` and `integrationId` (or, for Facebook/LinkedIn pages with `headless=true` or several Pages, `status=selection_required` and a one-time `selectionToken` for the selection paths, which take the token as their credential: no access key needed). Without `redirectUri` the callback answers the same as JSON (`{success, platform, integrations}`, or `{success, platform, status: "selection_required", selectionToken, expiresInSeconds}`). When the user refuses or anything fails it redirects to `cancelRedirectUri` (else `redirectUri`) with `error=<code>`: access_denied, authorization_failed, state_expired, state_used, missing_code, app_unavailable, token_exchange_failed, account_lookup_failed, no_accounts. With `appId` the flow runs under your own OAuth app. Mastodon takes `instance` (the instance of the account, https only): the service registers its app on each instance itself, so there is nothing to configure and no `appId`. Bluesky connects with POST /v1/connect/bluesky/auth. A platform this service has no OAuth app for (and no `appId`) is 503, never 500 (a 500 is an unexpected error); both answer `{success: false, message, error}`, readable as either error shape; 4xx answers are `{success: false, message}`.',
  // The contract lists 500 where the service answers 503: both readable in either shape.
  serverErrorsInBothShapes: true,
  tags: ['connect'],
  params: Type.Object({
    platform: Type.Enum([...PLATFORMS], {
      description:
        'The platform; bluesky and telegram answer 400 with how they connect (POST /v1/connect/bluesky/auth, POST /v1/connect/telegram/auth).',
    }),
  }),
  query: Type.Object(
    {
      redirectUri: Type.Optional(Type.String({ format: 'uri', maxLength: 2000 })),
      cancelRedirectUri: Type.Optional(Type.String({ format: 'uri', maxLength: 2000 })),
      headless: Type.Boolean({ default: false }),
      profileId: Type.Optional(Type.String({ minLength: 1 })),
      appId: Type.Optional(Type.String({ minLength: 1 })),
      instance: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 300,
          description:
            'Mastodon only: the https address of the instance to connect on (https://mastodon.social). The service registers its app there the first time. In sandbox mode it may be left out (the simulated instance).',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(Type.Object({ url: Type.String({ format: 'uri' }) }), {
      url: 'https://www.linkedin.com/oauth/v2/authorization?response_type=code&client_id=86f2kq7xw1m3zp&redirect_uri=https%3A%2F%2Fapi.acme.example%2Fv1%2Fconnect%2Flinkedin%2Fcallback&state=st_3kR9vT1mQ8xW2cN7&scope=openid%20profile%20w_member_social',
    }),
  },
  errors: [404, 429, 502, 503],
  handler: async ({ params, query, caller }, ctx) => {
    if (params.platform === 'bluesky') throw invalid(BLUESKY_CONNECT_HINT);
    if (params.platform === 'telegram') throw invalid(TELEGRAM_CONNECT_HINT);
    return startConnect(ctx, caller, params.platform, query);
  },
});
