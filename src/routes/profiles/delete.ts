import { Type } from 'typebox';
import { deleteProfile } from '../../domain/profiles/profiles.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { ProfileIdParams } from './schemas.ts';

export default defineRoute({
  method: 'DELETE',
  url: '/v1/profiles/:id',
  access: 'publish',
  summary: 'Delete a profile',
  description: 'Its integrations stay connected and become unassigned (`profileId: null`).',
  tags: ['profiles'],
  params: ProfileIdParams,
  response: {
    200: withExample(Type.Object({ success: Type.Boolean(), message: Type.String() }), {
      success: true,
      message: 'Profile deleted; its integrations are now unassigned',
    }),
  },
  errors: [404],
  handler: async ({ params, caller }, ctx) => {
    await deleteProfile(ctx, caller, params.id);
    return { success: true, message: 'Profile deleted; its integrations are now unassigned' };
  },
});
