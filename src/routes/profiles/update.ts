import { Type } from 'typebox';
import { updateProfile } from '../../domain/profiles/profiles.ts';
import { defineRoute } from '../../http/route.ts';
import { profileExample, withExample } from '../examples.ts';
import { DescriptionField, NameField, ProfileAnswer, ProfileIdParams } from './schemas.ts';

export default defineRoute({
  method: 'PATCH',
  url: '/v1/profiles/:id',
  access: 'publish',
  summary: 'Rename or describe a profile',
  tags: ['profiles'],
  params: ProfileIdParams,
  body: Type.Object(
    { name: Type.Optional(NameField), description: Type.Optional(DescriptionField) },
    { additionalProperties: false },
  ),
  response: { 200: withExample(ProfileAnswer, { success: true, profile: profileExample }) },
  errors: [404],
  handler: async ({ params, body, caller }, ctx) => ({
    success: true,
    profile: await updateProfile(ctx, caller, params.id, body),
  }),
});
