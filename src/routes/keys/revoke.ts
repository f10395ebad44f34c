import { Type } from 'typebox';
import { revokeKeyFor } from '../../domain/projects/caller-keys.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { KeyIdParams, KeySchema, keyExample } from './schemas.ts';

export default defineRoute({
  method: 'DELETE',
  url: '/v1/keys/:id',
  access: 'manage',
  summary: 'Revoke an access key',
  description:
    "Requests with it answer 401 from now on, on every node within a second. A key with a role above the caller's is 403; a key that is unknown, already revoked, or limited to profiles outside a limited caller's reach is 404.",
  tags: ['keys'],
  params: KeyIdParams,
  response: {
    200: withExample(Type.Object({ success: Type.Boolean(), key: KeySchema }), {
      success: true,
      key: { ...keyExample, revokedAt: '2026-11-22T08:15:40.107Z' },
    }),
  },
  errors: [404],
  handler: async ({ params, caller }, ctx) => ({
    success: true,
    key: await revokeKeyFor(ctx, caller, params.id),
  }),
});
