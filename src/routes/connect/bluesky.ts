import { Type } from 'typebox';
import { connectBluesky } from '../../domain/connect/bluesky.ts';
import { defineRoute } from '../../http/route.ts';
import { IntegrationDetailSchema } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/connect/bluesky/auth',
  summary: 'Connect a Bluesky account with an app password',
  description:
    'Opens a session at the Bluesky server (BLUESKY_PDS_URL) with the handle, DID or e-mail and an app password (xxxx-xxxx-xxxx-xxxx). The password is not stored. 401 when Bluesky refuses the credentials, 502 when the server can not be reached.',
  tags: ['connect'],
  body: Type.Object(
    {
      identifier: Type.String({ minLength: 1, maxLength: 300 }),
      password: Type.String({ minLength: 1, maxLength: 300 }),
      profileId: Type.Optional(Type.String({ minLength: 1 })),
    },
    { additionalProperties: false },
  ),
  response: { 200: Type.Object({ success: Type.Boolean(), integration: IntegrationDetailSchema }) },
  errors: [404, 502],
  handler: async ({ body, caller }, ctx) => ({
    success: true,
    integration: await connectBluesky(ctx, caller.projectId, body),
  }),
});
