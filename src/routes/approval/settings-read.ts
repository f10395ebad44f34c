import { readApprovalSettings } from '../../domain/approval/settings.ts';
import { defineRoute } from '../../http/route.ts';
import { IDS, withExample } from '../examples.ts';
import { ApprovalSettingsSchema } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/approval/settings',
  summary: 'Read the approval setting',
  description:
    'Whether posts wait for approval before they go out: the project’s mode and the profiles that have their own. A post’s mode is the strictest of its accounts’ profiles (or the project’s). Readable by every caller, so a contributor knows what will happen to their post.',
  tags: ['approval'],
  access: 'read',
  response: {
    200: withExample(ApprovalSettingsSchema, {
      success: true,
      approval: 'contributors',
      profiles: [{ profileId: IDS.profile, approval: 'everyone' }],
    }),
  },
  errors: [503],
  handler: async ({ caller }, ctx) => ({
    success: true,
    ...(await readApprovalSettings(ctx, caller.projectId)),
  }),
});
