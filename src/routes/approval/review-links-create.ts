import { Type } from 'typebox';
import { createReviewLink } from '../../domain/approval/review-links.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { ReviewLinkBodySchema, ReviewLinkSchema, reviewLinkExample } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/review-links',
  summary: 'Create a client review link',
  description:
    'A link for someone without an account to look at one post (`postId`) or a profile’s upcoming posts (`profileId`) as they will appear on each platform, and approve or request changes with their name and a comment. ' +
    'The answer carries the `url` (with its token) once; only a hash of the token is kept. It works until `expiresAt` (or `ttlHours`; default REVIEW_LINK_TTL_HOURS) or until revoked. ' +
    'The reviewer’s decision moves a pending post only when the link’s creator could approve (`canApprove`); otherwise it is recorded in the post’s notes.',
  tags: ['approval'],
  access: 'draft',
  body: ReviewLinkBodySchema,
  response: {
    201: withExample(
      Type.Object({
        success: Type.Boolean(),
        reviewLink: ReviewLinkSchema,
        url: Type.String({ description: 'The page to send to the reviewer; shown only here.' }),
      }),
      {
        success: true,
        reviewLink: reviewLinkExample,
        url: 'https://publish.acme.example/review/rvw_Xq3v9Lk2mP8tR4wZ7yB1nC6dF0hJ5sA2gE8uK4oI3eM',
      },
    ),
  },
  errors: [404, 503],
  handler: async ({ body, caller }, ctx) => {
    const { reviewLink, url } = await createReviewLink(ctx, caller, body);
    return { success: true, reviewLink, url };
  },
});
