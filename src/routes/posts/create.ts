import type { Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import { needsApproval } from '../../domain/approval/applies.ts';
import { submitNewPost } from '../../domain/approval/submit.ts';
import { createDraft } from '../../domain/planning/drafts.ts';
import { createQueuedPost } from '../../domain/planning/queued-create.ts';
import { bodyProblems } from '../../domain/posts/check.ts';
import { createPost } from '../../domain/posts/create.ts';
import { readSchedule } from '../../domain/posts/schedule.ts';
import { defineRoute } from '../../http/route.ts';
import { compileBodyCheck } from '../../http/validation.ts';
import { IDS, scheduledPostExample, withExample } from '../examples.ts';
import { CreateAnswerSchema, PostPayloadSchema } from './schemas.ts';

const checkPayload = compileBodyCheck(PostPayloadSchema);
const KNOWN_FIELDS = new Set(Object.keys(PostPayloadSchema.properties));

/**
 * A body refused only for fields the payload does not have still gets its other
 * problems (schedule, every platform's rules) in the same answer: without the
 * unknown fields it is checked as a good body would be.
 */
function problemsBesideUnknownFields(ctx: AppContext, raw: unknown): string[] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [];
  const known = Object.fromEntries(Object.entries(raw).filter(([k]) => KNOWN_FIELDS.has(k)));
  if (!checkPayload(known)) return [];
  const body = known as Static<typeof PostPayloadSchema>;
  const schedule = readSchedule(body, ctx.now());
  return bodyProblems(ctx, body, Array.isArray(schedule) ? schedule : []);
}

export default defineRoute({
  method: 'POST',
  url: '/v1/posts',
  access: 'draft',
  summary: 'Create a post',
  description:
    'Publishes now (`publishNow: true`), at `scheduledFor`, or in the next free slot of the targets’ posting queue (`queue: true`), to every target in `platforms`. 1 credit per target. ' +
    '`draft: true` saves a draft instead: nothing is charged or published, and problems that only matter at publication are listed in `problems` rather than refused. ' +
    'Where approval applies (always for a contributor; for everyone where GET /v1/approval/settings says `everyone`), the post is stored `pending` instead, awaiting approval: nothing is charged or published until an editor approves it (POST /v1/posts/{postId}/approve). ' +
    '`recurrence` (with optional `variants`) repeats the post as a series (GET /v1/series/{seriesId}). ' +
    'Every problem is listed at once, each naming where it is. An `Idempotency-Key` header makes retries safe: ' +
    'the same key with the same body answers the post as it is now (status and URLs), creating nothing; with another body it is 409. ' +
    'Each per-target result names its account (`integrationId`). A target that ends failed is refunded unless its post may exist on the platform. ' +
    '`firstComment` is posted under each target once it is live, exactly once (a reply on X, Bluesky and Threads; YouTube’s own option replaces it there); each result says `posted`, `pending`, `failed` (a warningMessage says why: the post stays published and ends partial) or `skipped` (TikTok, Pinterest, Google Business can not comment).',
  tags: ['posts'],
  body: PostPayloadSchema,
  moreProblems: (body, ctx) => problemsBesideUnknownFields(ctx, body),
  response: {
    202: withExample(CreateAnswerSchema, {
      success: true,
      status: 'scheduled',
      postId: IDS.post,
      scheduledFor: scheduledPostExample.scheduledFor,
      platforms: [
        {
          platform: 'facebook',
          integrationId: IDS.integration,
          success: true,
          firstComment: { status: 'pending' },
        },
        {
          platform: 'linkedin',
          integrationId: IDS.linkedinIntegration,
          success: true,
          firstComment: { status: 'pending' },
        },
      ],
    }),
  },
  errors: [402, 403, 409, 503],
  handler: async ({ body, caller, request }, ctx) => {
    const header = request.headers['idempotency-key'];
    const key = typeof header === 'string' ? header : undefined;
    // Exactly one mode is allowed; a body naming several gets create's message listing them.
    const modes = [
      body.publishNow === true,
      body.scheduledFor !== undefined,
      body.queue === true,
      body.draft === true,
    ];
    const single = modes.filter(Boolean).length === 1;
    if (single && body.draft === true) return createDraft(ctx, caller, body, key);
    const accounts = body.platforms.map((p) => p.accountId);
    if (await needsApproval(ctx, caller, accounts)) return submitNewPost(ctx, caller, body, key);
    if (single && body.queue === true) return createQueuedPost(ctx, caller, body, key);
    return createPost(ctx, caller, body, key);
  },
});
