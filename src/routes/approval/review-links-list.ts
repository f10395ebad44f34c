import { Type } from 'typebox';
import { listReviewLinks } from '../../domain/approval/review-links.ts';
import { offsetPaging } from '../../http/paging.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { ReviewLinkSchema, reviewLinkExample } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/review-links',
  summary: 'List client review links',
  description: 'Newest first, active, expired and revoked alike (`status`); the tokens are not shown again.',
  tags: ['approval'],
  access: 'read',
  query: Type.Object(
    { ...offsetPaging(), postId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        total: Type.Integer(),
        reviewLinks: Type.Array(ReviewLinkSchema),
      }),
      { success: true, total: 1, reviewLinks: [reviewLinkExample] },
    ),
  },
  errors: [503],
  handler: async ({ query, caller }, ctx) => ({
    success: true,
    ...(await listReviewLinks(ctx, caller, query)),
  }),
});
