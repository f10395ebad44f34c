import { Type } from 'typebox';
import { createProfile } from '../../domain/profiles/profiles.ts';
import { defineRoute } from '../../http/route.ts';
import { DescriptionField, NameField, ProfileAnswer } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/profiles',
  summary: 'Create a profile',
  tags: ['profiles'],
  body: Type.Object(
    { name: NameField, description: Type.Optional(DescriptionField) },
    { additionalProperties: false },
  ),
  response: { 201: ProfileAnswer },
  handler: async ({ body, caller }, ctx) => ({
    success: true,
    profile: await createProfile(ctx, caller.projectId, body),
  }),
});
