import { Type } from 'typebox';
import { revokeReviewLink } from '../../domain/approval/review-links.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { ReviewLinkSchema, reviewLinkExample } from './schemas.ts';

export default defineRoute({
  method: 'DELETE',
  url: '/v1/review-links/:id',
  summary: 'Revoke a client review link',
  description:
    'The link stops working at once (its page says it was revoked). Revoking it again answers the same.',
  tags: ['approval'],
  access: 'draft',
  params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }),
  response: {
    200: withExample(Type.Object({ success: Type.Boolean(), reviewLink: ReviewLinkSchema }), {
      success: true,
      reviewLink: { ...reviewLinkExample, status: 'revoked', revokedAt: '2026-11-23T10:00:00.000Z' },
    }),
  },
  errors: [404, 503],
  handler: async ({ params, caller }, ctx) => ({
    success: true,
    reviewLink: await revokeReviewLink(ctx, caller, params.id),
  }),
});
