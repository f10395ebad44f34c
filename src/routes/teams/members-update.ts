import { Type } from 'typebox';
import { updateMember } from '../../domain/teams/members.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { IdParams, MemberSchema, memberExample, ProfileIdsField, RoleField } from './schemas.ts';

export default defineRoute({
  method: 'PATCH',
  url: '/v1/members/:id',
  summary: "Change a member's role or profiles",
  description:
    "Takes effect on the member's next request, on every node within a second. Only an owner grants or takes away the owner role; the last owner can not be demoted (409).",
  tags: ['members'],
  access: 'manage',
  params: IdParams,
  body: Type.Object(
    { role: Type.Optional(RoleField), profileIds: Type.Optional(ProfileIdsField) },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(Type.Object({ success: Type.Boolean(), member: MemberSchema }), {
      success: true,
      member: memberExample,
    }),
  },
  errors: [404, 409],
  handler: async ({ params, body, caller }, ctx) => ({
    success: true,
    member: await updateMember(ctx, caller, params.id, body),
  }),
});
