import { Type } from 'typebox';
import { accountHealth } from '../../domain/health/account-health.ts';
import {
  deleteIntegration,
  getIntegration,
  listIntegrations,
  moveIntegration,
} from '../../domain/integrations/integrations.ts';
import { offsetPaging } from '../../http/paging.ts';
import { defineRoute } from '../../http/route.ts';
import {
  healthExample,
  integrationDetailExample,
  integrationExample,
  linkedinIntegrationExample,
  withExample,
} from '../examples.ts';
import {
  IntegrationDetailSchema,
  IntegrationIdParams,
  IntegrationReadSchema,
  IntegrationSchema,
  PlatformField,
} from './schemas.ts';

/** Read and move answer the integration with its token facts. */
const DetailAnswer = withExample(
  Type.Object({ success: Type.Boolean(), integration: IntegrationDetailSchema }),
  { success: true, integration: integrationDetailExample },
);

export const listRoute = defineRoute({
  method: 'GET',
  url: '/v1/connect/integrations',
  access: 'read',
  summary: 'List integrations',
  description:
    '`profileId=null` selects integrations without a profile; `q` searches displayName, username and platformUserId (case-insensitive). Sorted by createdAt.',
  tags: ['connect'],
  query: Type.Object(
    {
      platform: Type.Optional(PlatformField),
      profileId: Type.Optional(Type.String({ minLength: 1 })),
      q: Type.Optional(Type.String({ maxLength: 200 })),
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
        integrations: Type.Array(IntegrationSchema),
      }),
      { success: true, total: 2, integrations: [integrationExample, linkedinIntegrationExample] },
    ),
  },
  handler: async ({ query, caller }, ctx) => ({
    success: true,
    ...(await listIntegrations(ctx, caller, query)),
  }),
});

export const readRoute = defineRoute({
  method: 'GET',
  url: '/v1/connect/integrations/:id',
  access: 'read',
  summary: 'Read an integration',
  description:
    'With scopes, token expiry times, tokenStatus and `health`: whether it can publish now (and if not, why and what to do), the capabilities its granted scopes lack, its latest publish outcome, and whether the platform is rate-limiting it now. Tokens themselves are never returned.',
  tags: ['connect'],
  params: IntegrationIdParams,
  response: {
    200: withExample(Type.Object({ success: Type.Boolean(), integration: IntegrationReadSchema }), {
      success: true,
      integration: { ...integrationDetailExample, health: healthExample },
    }),
  },
  errors: [404],
  handler: async ({ params, caller }, ctx) => {
    const [integration, health] = await Promise.all([
      getIntegration(ctx, caller, params.id),
      accountHealth(ctx, caller, params.id),
    ]);
    return { success: true, integration: { ...integration, health } };
  },
});

export const moveRoute = defineRoute({
  method: 'PATCH',
  url: '/v1/connect/integrations/:id',
  access: 'publish',
  summary: 'Move an integration to another profile',
  description: '`profileId: null` leaves it unassigned. Credentials and posts are unchanged.',
  tags: ['connect'],
  params: IntegrationIdParams,
  body: Type.Object(
    { profileId: Type.Union([Type.String({ minLength: 1 }), Type.Null()]) },
    { additionalProperties: false },
  ),
  response: { 200: DetailAnswer },
  errors: [404],
  handler: async ({ params, body, caller }, ctx) => ({
    success: true,
    integration: await moveIntegration(ctx, caller, params.id, body.profileId),
  }),
});

export const deleteRoute = defineRoute({
  method: 'DELETE',
  url: '/v1/connect/integrations/:id',
  access: 'publish',
  summary: 'Disconnect an integration',
  description: 'Revokes the token at the platform where possible and deletes the integration.',
  tags: ['connect'],
  params: IntegrationIdParams,
  response: {
    200: withExample(Type.Object({ success: Type.Boolean(), message: Type.String() }), {
      success: true,
      message: 'Integration disconnected',
    }),
  },
  errors: [404],
  handler: async ({ params, caller }, ctx) => {
    await deleteIntegration(ctx, caller, params.id);
    return { success: true, message: 'Integration disconnected' };
  },
});
