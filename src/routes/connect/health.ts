import { Type } from 'typebox';
import { listAccountHealth } from '../../domain/health/account-health.ts';
import { offsetPaging } from '../../http/paging.ts';
import { defineRoute } from '../../http/route.ts';
import { healthExample, IDS, withExample } from '../examples.ts';
import { AccountHealthFields, PlatformField } from './schemas.ts';

const Nullable = Type.Union([Type.String(), Type.Null()]);

/** A static path: registered beside /v1/connect/integrations/:id, the router prefers it. */
export default defineRoute({
  method: 'GET',
  url: '/v1/connect/integrations/health',
  summary: 'Health of every account',
  description:
    'Per account of the project: whether it can publish now (`canPublish`; when not, a one-sentence `reason` and the `action` to take), when its token expires and whether the service renews it, the capabilities (publish, comments, messages, analytics) its granted scopes lack, its latest publish outcome, and whether the platform is rate-limiting it now (`rateLimitedUntil`). Nothing is asked of the platforms: it is what the service recorded. `profileId=null` selects accounts without a profile. Sorted by the integration’s createdAt.',
  tags: ['connect'],
  access: 'read',
  query: Type.Object(
    {
      platform: Type.Optional(PlatformField),
      profileId: Type.Optional(Type.String({ minLength: 1 })),
      ...offsetPaging(),
      sort: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        total: Type.Integer(),
        accounts: Type.Array(
          Type.Object({
            integrationId: Type.String(),
            platform: PlatformField,
            profileId: Nullable,
            displayName: Nullable,
            username: Nullable,
            authStatus: Type.Enum(['active', 'needs_reconnect', 'revoked']),
            ...AccountHealthFields,
          }),
        ),
      }),
      {
        success: true,
        total: 2,
        accounts: [
          {
            integrationId: IDS.integration,
            platform: 'facebook',
            profileId: IDS.profile,
            displayName: 'Acme Coffee',
            username: null,
            authStatus: 'active',
            ...healthExample,
          },
          {
            integrationId: IDS.linkedinIntegration,
            platform: 'linkedin',
            profileId: IDS.profile,
            displayName: 'Acme Coffee',
            username: 'acme-coffee',
            authStatus: 'needs_reconnect',
            canPublish: false,
            reason: 'The platform revoked the service’s access to this account.',
            action:
              'Connect it again (GET /v1/connect/linkedin or a hosted connect link from POST /v1/connect/sessions).',
            tokenExpiresAt: '2026-11-19T11:02:00.000Z',
            refreshable: false,
            missingCapabilities: [],
            missingScopes: [],
            lastPublish: {
              status: 'failed',
              at: '2026-11-19T10:40:12.000Z',
              errorMessage: 'LinkedIn refused the token: reconnect the account',
            },
            rateLimited: false,
            rateLimitedUntil: null,
          },
        ],
      },
    ),
  },
  handler: async ({ query, caller }, ctx) => ({
    success: true,
    ...(await listAccountHealth(ctx, caller, query)),
  }),
});
