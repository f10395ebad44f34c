import { Type } from 'typebox';
import { handleCallback } from '../../domain/connect/callback.ts';
import { defineRoute } from '../../http/route.ts';
import type { Platform } from '../../platforms/names.ts';
import { PLATFORMS } from '../../platforms/names.ts';
import { IntegrationSchema } from './schemas.ts';

/**
 * Where platforms send the user back. No access key: the one-time state names the
 * project. Usually answers a redirect; without a redirectUri it answers JSON, with
 * the same `status: 'selection_required'` marker the redirect carries when the
 * client must choose the accounts (pages, organizations) with the selection token.
 */
export default defineRoute({
  method: 'GET',
  url: '/v1/connect/:platform/callback',
  summary: 'OAuth callback',
  tags: ['connect'],
  auth: false,
  hidden: true,
  params: Type.Object({
    platform: Type.Union(
      PLATFORMS.filter((p) => p !== 'bluesky' && p !== 'telegram').map((p) => Type.Literal(p)),
    ),
  }),
  query: Type.Object({
    code: Type.Optional(Type.String()),
    state: Type.Optional(Type.String()),
    error: Type.Optional(Type.String()),
    error_reason: Type.Optional(Type.String()),
    error_description: Type.Optional(Type.String()),
  }),
  response: {
    200: Type.Object({
      success: Type.Boolean(),
      platform: Type.String(),
      integrations: Type.Optional(Type.Array(IntegrationSchema)),
      status: Type.Optional(
        Type.Literal('selection_required', {
          description:
            'Present when the accounts to connect must be chosen first: read them with GET /v1/connect/{platform}/selection/{selectionToken} and save the choice with POST on the same path.',
        }),
      ),
      selectionToken: Type.Optional(Type.String()),
      expiresInSeconds: Type.Optional(Type.Integer()),
      error: Type.Optional(Type.String()),
    }),
  },
  handler: async ({ params, query, reply }, ctx) => {
    const result = await handleCallback(ctx, params.platform as Platform, query);
    switch (result.kind) {
      case 'redirect':
        if (result.cookie) reply.header('set-cookie', result.cookie);
        return reply.redirect(result.location, 302);
      case 'connected':
        return { success: true, platform: result.platform, integrations: result.integrations };
      case 'selection':
        return {
          success: true,
          platform: result.platform,
          status: 'selection_required' as const,
          selectionToken: result.selectionToken,
          expiresInSeconds: result.expiresInSeconds,
        };
      case 'failed':
        return { success: false, platform: result.platform, error: result.error };
    }
  },
});
