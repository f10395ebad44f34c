import { Type } from 'typebox';
import { changeApprovalSettings } from '../../domain/approval/settings.ts';
import { defineRoute } from '../../http/route.ts';
import { IDS, withExample } from '../examples.ts';
import { ApprovalModeField, ApprovalSettingsSchema } from './schemas.ts';

export default defineRoute({
  method: 'PUT',
  url: '/v1/approval/settings',
  summary: 'Change the approval setting',
  description:
    'Sets the project’s mode and, per profile, a mode of its own (`null` gives the profile the project’s again). Fields left out keep their value. Posts already waiting keep waiting.',
  tags: ['approval'],
  access: 'manage',
  body: Type.Object(
    {
      approval: Type.Optional(ApprovalModeField),
      profiles: Type.Optional(
        Type.Array(
          Type.Object(
            {
              profileId: Type.String({ minLength: 1, maxLength: 200 }),
              approval: Type.Union([ApprovalModeField, Type.Null()]),
            },
            { additionalProperties: false },
          ),
          { maxItems: 100 },
        ),
      ),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(ApprovalSettingsSchema, {
      success: true,
      approval: 'contributors',
      profiles: [{ profileId: IDS.profile, approval: 'everyone' }],
    }),
  },
  errors: [503],
  handler: async ({ body, caller }, ctx) => ({
    success: true,
    ...(await changeApprovalSettings(ctx, caller.projectId, body)),
  }),
});
