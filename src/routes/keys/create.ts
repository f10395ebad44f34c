import { Type } from 'typebox';
import { createKeyFor } from '../../domain/projects/caller-keys.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { KeySchema, keyExample, RoleField } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/keys',
  access: 'manage',
  summary: 'Create an access key',
  description:
    "The answer carries the key once (`accessKey`); only its hash is kept. `role` defaults to the caller's own and can not be above it (an admin can not create an owner key: 403). `profileIds` limits the key to those profiles; a caller limited to profiles creates only keys limited to some of its own (by default all of them), and a profile outside its reach is answered 404 like an unknown one.",
  tags: ['keys'],
  body: Type.Object(
    {
      name: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()])),
      role: Type.Optional(RoleField),
      profileIds: Type.Optional(
        Type.Union([Type.Array(Type.String({ minLength: 1 }), { minItems: 1, maxItems: 100 }), Type.Null()]),
      ),
    },
    { additionalProperties: false },
  ),
  response: {
    201: withExample(
      Type.Object({
        success: Type.Boolean(),
        key: KeySchema,
        accessKey: Type.String({ description: 'The key itself, shown this once.' }),
      }),
      { success: true, key: keyExample, accessKey: 'sps_Qx7wK2mZ8pL4vN1cR6tY3hB9dF5gJ0sA2eW7uI4oP' },
    ),
  },
  errors: [404],
  handler: async ({ body, caller }, ctx) => {
    const { key, accessKey } = await createKeyFor(ctx, caller, body);
    return { success: true, key, accessKey };
  },
});
