import { Type } from 'typebox';
import { createProfile } from '../../domain/profiles/profiles.ts';
import { defineRoute } from '../../http/route.ts';
import { profileExample, withExample } from '../examples.ts';
import { DescriptionField, NameField, ProfileAnswer } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/profiles',
  access: 'publish',
  summary: 'Create a profile',
  tags: ['profiles'],
  body: Type.Object(
    { name: NameField, description: Type.Optional(DescriptionField) },
    { additionalProperties: false },
  ),
  response: {
    201: withExample(ProfileAnswer, {
      success: true,
      profile: { ...profileExample, integrationCount: 0, updatedAt: profileExample.createdAt },
    }),
  },
  handler: async ({ body, caller }, ctx) => ({
    success: true,
    profile: await createProfile(ctx, caller, body),
  }),
});
