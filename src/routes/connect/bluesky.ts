import { Type } from 'typebox';
import { appCredentials } from '../../domain/apps/apps.ts';
import { connectBluesky } from '../../domain/connect/bluesky.ts';
import { invalid } from '../../errors.ts';
import { defineRoute } from '../../http/route.ts';
import { integrationDetailExample, withExample } from '../examples.ts';
import { IntegrationDetailSchema } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/connect/bluesky/auth',
  access: 'publish',
  summary: 'Connect a Bluesky account with an app password',
  description:
    'Opens a session at the Bluesky server (BLUESKY_PDS_URL) with the handle, DID or e-mail and an app password (xxxx-xxxx-xxxx-xxxx). The password is not stored. 401 when Bluesky refuses the credentials, 502 when the server can not be reached. Takes the query parameters of the other connect flows: `profileId` assigns the account (the body field of the same name also does; they must agree), `appId` must name an app of this project for bluesky (app passwords need no OAuth client, so it is only checked), `redirectUri` is echoed in the answer for the client to continue to, and `headless` and `cancelRedirectUri` change nothing here: there is no page to choose from and no browser redirect.',
  tags: ['connect'],
  // The query parameters every connect flow takes, so one client call shape serves all platforms.
  query: Type.Object(
    {
      redirectUri: Type.Optional(Type.String({ format: 'uri', maxLength: 2000 })),
      cancelRedirectUri: Type.Optional(Type.String({ format: 'uri', maxLength: 2000 })),
      headless: Type.Boolean({ default: false }),
      profileId: Type.Optional(Type.String({ minLength: 1 })),
      appId: Type.Optional(Type.String({ minLength: 1 })),
    },
    { additionalProperties: false },
  ),
  body: Type.Object(
    {
      identifier: Type.String({ minLength: 1, maxLength: 300 }),
      password: Type.String({ minLength: 1, maxLength: 300 }),
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
          platform: 'bluesky',
          platformUserId: 'did:plc:4k7q2x9m3w6z8c1v5b0n7t2r',
          username: 'acme.bsky.social',
          displayName: 'Acme Coffee',
          profileUrl: 'https://bsky.app/profile/acme.bsky.social',
          imageUrl: null,
          platformMetadata: { type: 'user', pdsUrl: 'https://bsky.social' },
          scopes: [],
          accessTokenExpiresAt: '2026-11-20T16:03:11.000Z',
          refreshTokenExpiresAt: '2027-02-18T14:03:11.000Z',
          tokenStatus: { valid: true, autoRefreshes: true, reconnectRequired: false, reason: null },
        },
        redirectUri: 'https://app.acme.example/connected',
      },
    ),
  },
  errors: [404, 502],
  handler: async ({ body, query, caller }, ctx) => {
    if (query.profileId && body.profileId && query.profileId !== body.profileId)
      throw invalid('profileId: the query and the body name different profiles; send one');
    if (query.appId) await appCredentials(ctx, caller.projectId, query.appId, 'bluesky');
    const profileId = body.profileId ?? query.profileId;
    return {
      success: true,
      integration: await connectBluesky(ctx, caller, { ...body, profileId }),
      redirectUri: query.redirectUri ?? null,
    };
  },
});
