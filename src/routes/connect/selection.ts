import { Type } from 'typebox';
import { readSelection, saveSelection } from '../../domain/connect/selection.ts';
import { defineRoute } from '../../http/route.ts';
import { integrationExample, linkedinIntegrationExample, withExample } from '../examples.ts';
import { IntegrationSchema, SelectionParams } from './schemas.ts';

type SelectionPlatform = 'facebook' | 'linkedin' | 'googlebusiness';

const Nullable = Type.Union([Type.String(), Type.Null()]);
const PlatformOf = (platform: SelectionPlatform) => Type.Literal(platform);

/** What a selection token offers, as the reference shows it per platform. */
const OFFERED = {
  facebook: {
    success: true,
    platform: 'facebook',
    expiresInSeconds: 540,
    accounts: [
      {
        id: integrationExample.platformUserId,
        type: 'page',
        platformUserId: integrationExample.platformUserId,
        displayName: integrationExample.displayName,
        username: null,
        imageUrl: integrationExample.imageUrl,
      },
      {
        id: '109876543210988',
        type: 'page',
        platformUserId: '109876543210988',
        displayName: 'Acme Coffee Roastery',
        username: 'acmeroastery',
        imageUrl: null,
      },
    ],
  },
  linkedin: {
    success: true,
    platform: 'linkedin',
    expiresInSeconds: 540,
    accounts: [
      {
        id: 'x7Kq2mP9',
        type: 'person',
        platformUserId: 'x7Kq2mP9',
        displayName: 'Dana Weber',
        username: null,
        imageUrl: 'https://media.licdn.com/dms/image/dana.jpg',
      },
      {
        id: linkedinIntegrationExample.platformUserId,
        type: 'organization',
        platformUserId: linkedinIntegrationExample.platformUserId,
        displayName: linkedinIntegrationExample.displayName,
        username: linkedinIntegrationExample.username,
        imageUrl: null,
      },
    ],
  },
  googlebusiness: {
    success: true,
    platform: 'googlebusiness',
    expiresInSeconds: 540,
    accounts: [
      {
        id: '4815162342',
        type: 'location',
        platformUserId: '4815162342',
        displayName: 'Acme Coffee – Market Street',
        username: null,
        imageUrl: null,
      },
      {
        id: '4815162343',
        type: 'location',
        platformUserId: '4815162343',
        displayName: 'Acme Coffee – Harbour',
        username: null,
        imageUrl: null,
      },
    ],
  },
};

/** The selection's `type` per platform. */
const typeOf = (platform: SelectionPlatform) =>
  platform === 'facebook'
    ? Type.Literal('page')
    : platform === 'googlebusiness'
      ? Type.Literal('location', { description: 'A Google Business Profile location.' })
      : Type.Enum(['person', 'organization'], {
          description: "person: the member's own profile; organization: a company page.",
        });

/** An integration as the save answers it, per platform. */
const savedExample = (platform: SelectionPlatform) =>
  platform === 'facebook'
    ? integrationExample
    : platform === 'linkedin'
      ? linkedinIntegrationExample
      : {
          ...integrationExample,
          platform: 'googlebusiness',
          platformUserId: '4815162342',
          displayName: 'Acme Coffee – Market Street',
          profileUrl: 'https://maps.google.com/maps?cid=4815162342',
          imageUrl: null,
          platformMetadata: {
            type: 'location',
            accountName: 'accounts/1023456789',
            locationName: 'locations/4815162342',
            resourceName: 'accounts/1023456789/locations/4815162342',
          },
        };

const readSelectionRoute = (platform: SelectionPlatform) =>
  defineRoute({
    method: 'GET',
    url: `/v1/connect/${platform}/selection/:token`,
    access: 'publish',
    summary: `List the ${platform} accounts offered by a selection token`,
    description:
      "Facebook Pages (type page), the LinkedIn member's own profile (type person) and organization pages (type organization), or Google Business Profile locations (type location) the user may connect. The token is one-time and short-lived.",
    tags: ['connect'],
    // The one-time token authorizes the call; a key, when sent, must be of the token's project.
    auth: 'optional',
    params: SelectionParams,
    response: {
      200: withExample(
        Type.Object({
          success: Type.Boolean(),
          platform: PlatformOf(platform),
          expiresInSeconds: Type.Integer({ minimum: 0 }),
          accounts: Type.Array(
            Type.Object({
              id: Type.String({ description: 'Pass it in selectedAccountIds.' }),
              type: typeOf(platform),
              platformUserId: Type.String(),
              displayName: Nullable,
              username: Nullable,
              imageUrl: Type.Union([Type.String({ format: 'uri' }), Type.Null()]),
            }),
          ),
        }),
        OFFERED[platform],
      ),
    },
    errors: [404],
    handler: async ({ params, caller }, ctx) => ({
      success: true,
      platform,
      ...(await readSelection(ctx, caller.projectId ? caller : null, platform, params.token)),
    }),
  });

const saveSelectionRoute = (platform: SelectionPlatform) =>
  defineRoute({
    method: 'POST',
    url: `/v1/connect/${platform}/selection/:token`,
    access: 'publish',
    summary: `Connect the selected ${platform} accounts`,
    description: 'Saves only the selected accounts as integrations and invalidates the token.',
    tags: ['connect'],
    // The one-time token authorizes the call; a key, when sent, must be of the token's project.
    auth: 'optional',
    params: SelectionParams,
    body: Type.Object(
      { selectedAccountIds: Type.Array(Type.String({ minLength: 1 }), { minItems: 1, maxItems: 100 }) },
      { additionalProperties: false },
    ),
    response: {
      200: withExample(
        Type.Object({
          success: Type.Boolean(),
          platform: PlatformOf(platform),
          message: Type.String(),
          redirectUri: Nullable,
          integrations: Type.Array(IntegrationSchema),
        }),
        {
          success: true,
          platform,
          message: 'Connected 1 account(s)',
          redirectUri: 'https://app.acme.example/connected',
          integrations: [savedExample(platform)],
        },
      ),
    },
    errors: [404],
    handler: async ({ params, body, caller }, ctx) => {
      const saved = await saveSelection(
        ctx,
        caller.projectId ? caller : null,
        platform,
        params.token,
        body.selectedAccountIds,
      );
      return {
        success: true,
        platform: platform,
        message: `Connected ${saved.integrations.length} account(s)`,
        redirectUri: saved.redirectUri,
        integrations: saved.integrations,
      };
    },
  });

/** The platforms with account selection; static paths so each path's error family is shape B. */
export const selectionRoutes = (['facebook', 'linkedin', 'googlebusiness'] as const).flatMap((p) => [
  readSelectionRoute(p),
  saveSelectionRoute(p),
]);
