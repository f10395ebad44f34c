import { getProfile } from '../../domain/profiles/profiles.ts';
import { defineRoute } from '../../http/route.ts';
import { profileExample, withExample } from '../examples.ts';
import { ProfileAnswer, ProfileIdParams } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/profiles/:id',
  access: 'read',
  summary: 'Read a profile',
  tags: ['profiles'],
  params: ProfileIdParams,
  response: { 200: withExample(ProfileAnswer, { success: true, profile: profileExample }) },
  errors: [404],
  handler: async ({ params, caller }, ctx) => ({
    success: true,
    profile: await getProfile(ctx, caller, params.id),
  }),
});
