import { Type } from 'typebox';
import { readSelection, saveSelection } from '../../domain/connect/selection.ts';
import { defineRoute } from '../../http/route.ts';
import { IntegrationSchema, SelectionParams } from './schemas.ts';

type SelectionPlatform = 'facebook' | 'linkedin';

const Nullable = Type.Union([Type.String(), Type.Null()]);

const readSelectionRoute = (platform: SelectionPlatform) =>
  defineRoute({
    method: 'GET',
    url: `/v1/connect/${platform}/selection/:token`,
    summary: `List the ${platform} accounts offered by a selection token`,
    description:
      'Facebook Pages (type page) or the LinkedIn personal profile (type personal) and organization pages (type organization) the user may connect. The token is one-time and short-lived.',
    tags: ['connect'],
    // The one-time token authorizes the call; a key, when sent, must be of the token's project.
    auth: 'optional',
    params: SelectionParams,
    response: {
      200: Type.Object({
        success: Type.Boolean(),
        platform: Type.String(),
        expiresInSeconds: Type.Integer(),
        accounts: Type.Array(
          Type.Object({
            id: Type.String(),
            type: Type.String(),
            platformUserId: Type.String(),
            displayName: Nullable,
            username: Nullable,
            imageUrl: Nullable,
          }),
        ),
      }),
    },
    errors: [404],
    handler: async ({ params, caller }, ctx) => ({
      success: true,
      platform,
      ...(await readSelection(ctx, caller.projectId || null, platform, params.token)),
    }),
  });

const saveSelectionRoute = (platform: SelectionPlatform) =>
  defineRoute({
    method: 'POST',
    url: `/v1/connect/${platform}/selection/:token`,
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
      200: Type.Object({
        success: Type.Boolean(),
        platform: Type.String(),
        message: Type.String(),
        redirectUri: Nullable,
        integrations: Type.Array(IntegrationSchema),
      }),
    },
    errors: [404],
    handler: async ({ params, body, caller }, ctx) => {
      const saved = await saveSelection(
        ctx,
        caller.projectId || null,
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

/** Both platforms with page selection; static paths so each path's error family is shape B. */
export const selectionRoutes = (['facebook', 'linkedin'] as const).flatMap((p) => [
  readSelectionRoute(p),
  saveSelectionRoute(p),
]);
