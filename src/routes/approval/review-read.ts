import { readReview } from '../../domain/approval/review.ts';
import { defineRoute } from '../../http/route.ts';
import { IDS, withExample } from '../examples.ts';
import { ReviewViewSchema, TokenParams } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/review/:token',
  summary: 'Open a client review link',
  description:
    'No access key: the token from the link is the credential. Each post as it will appear on each account (the text that platform gets, media, account name and handle, time). 404 for an unknown token; 403 saying why for a revoked or expired one. Rate limited per address.',
  tags: ['approval'],
  auth: false,
  params: TokenParams,
  response: {
    200: withExample(ReviewViewSchema, {
      success: true,
      label: 'December campaign for Acme',
      expiresAt: '2026-11-29T08:15:40.107Z',
      canApprove: true,
      posts: [
        {
          postId: IDS.post,
          status: 'pending',
          scheduledFor: '2026-12-02T11:30:00.000Z',
          timezone: 'Europe/Berlin',
          mediaItems: [{ type: 'image', url: 'https://cdn.acme.example/winter-blend.jpg' }],
          platforms: [
            {
              platform: 'facebook',
              accountName: 'Acme Coffee',
              accountHandle: null,
              accountImageUrl: null,
              content: 'Our winter blend is back.',
            },
          ],
          canDecide: true,
          decisions: [],
          outcome: null,
        },
      ],
    }),
  },
  errors: [403, 404, 429, 503],
  handler: ({ params }, ctx) => readReview(ctx, params.token),
});
