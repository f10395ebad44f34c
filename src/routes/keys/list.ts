import { Type } from 'typebox';
import { listKeysFor } from '../../domain/projects/caller-keys.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { KeySchema, keyExample } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/keys',
  access: 'manage',
  summary: 'List access keys',
  description:
    'Every access key of the project, revoked ones included, oldest first; the keys themselves are never shown again. A caller limited to profiles sees only keys limited to some of its profiles.',
  tags: ['keys'],
  response: {
    200: withExample(Type.Object({ success: Type.Boolean(), keys: Type.Array(KeySchema) }), {
      success: true,
      keys: [keyExample],
    }),
  },
  handler: async ({ caller }, ctx) => ({ success: true, keys: await listKeysFor(ctx, caller) }),
});
