import { Type } from 'typebox';
import { createSession } from '../../domain/connect-sessions/sessions.ts';
import { defineRoute } from '../../http/route.ts';
import { PLATFORMS } from '../../platforms/names.ts';
import { PlatformField } from '../connect/schemas.ts';
import { withExample } from '../examples.ts';

const AppPerPlatform = Type.Object(
  Object.fromEntries(PLATFORMS.map((p) => [p, Type.Optional(Type.String({ minLength: 1, maxLength: 100 }))])),
  {
    additionalProperties: false,
    description:
      'The appId of your own OAuth app (POST /v1/apps) per platform, e.g. {"linkedin": "app_…"}; a platform without one connects under the service’s app.',
  },
);

export default defineRoute({
  method: 'POST',
  url: '/v1/connect/sessions',
  summary: 'Create a hosted connect link',
  description:
    'Answers a short-lived, single-use URL of a page the service hosts, where your customer connects their accounts without an access key: it lists `platforms` with your `branding`, runs each OAuth flow (with the Facebook Page, LinkedIn organization and Google Business location choice), takes a Bluesky app password, and when the customer chooses Done sends them to `redirectUri` with `integrationIds` (comma-separated, in connection order) and `platforms` (the platform of each id, same order); both are empty when nothing was connected. The link dies once the customer is sent back, or at `expiresAt` (CONNECT_SESSION_TTL_SECONDS); an expired or used link shows a page that says so. `redirectUri` must be https (plain http only for localhost, 127.0.0.1 or [::1]); `branding.logoUrl` https; `branding.accentColor` a hex colour. New integrations go to `profileId` when given. `apps` names your own OAuth app (its appId) per platform. A platform the service has no OAuth app for, and no entry of `apps` names one, is 503.',
  tags: ['connect'],
  access: 'publish',
  body: Type.Object(
    {
      platforms: Type.Array(PlatformField, {
        minItems: 1,
        maxItems: PLATFORMS.length,
        description: 'The platforms the page offers, in this order.',
      }),
      profileId: Type.Optional(
        Type.String({ minLength: 1, description: 'The profile new integrations join.' }),
      ),
      redirectUri: Type.String({ format: 'uri', maxLength: 2000 }),
      branding: Type.Optional(
        Type.Object(
          {
            name: Type.Optional(
              Type.String({ minLength: 1, maxLength: 100, description: 'Your product’s name.' }),
            ),
            logoUrl: Type.Optional(Type.String({ format: 'uri', maxLength: 2000 })),
            accentColor: Type.Optional(
              Type.String({ pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', description: 'e.g. #1d4ed8' }),
            ),
          },
          { additionalProperties: false },
        ),
      ),
      apps: Type.Optional(AppPerPlatform),
    },
    { additionalProperties: false },
  ),
  response: {
    201: withExample(
      Type.Object({
        success: Type.Boolean(),
        url: Type.String({ format: 'uri', description: 'Send your customer here. Works once.' }),
        expiresAt: Type.String({ format: 'date-time' }),
      }),
      {
        success: true,
        url: 'https://api.acme.example/connect/s/cs_Qm9vZ2xlLWlzLW5vdC1hLXRva2VuLWp1c3QtYW4tZXhhbXBsZQ',
        expiresAt: '2026-11-20T14:33:11.000Z',
      },
    ),
  },
  errors: [404, 503],
  handler: async ({ body, caller }, ctx) => ({
    success: true,
    ...(await createSession(ctx, caller, body)),
  }),
});
