/** Request and answer schemas of the posts endpoints (interface.md PostPayload, Post; decisions.md). */
import { Type } from 'typebox';
import { MAX_SCHEDULE_AHEAD_YEARS } from '../../domain/posts/schedule.ts';
import { PLATFORM_TARGET_MARK } from '../../http/openapi-document.ts';
import { PLATFORMS } from '../../platforms/names.ts';
import { PLATFORM_MODULES } from '../../platforms/registry.ts';
import { MediaItemSchema } from '../../platforms/shared/options.ts';
import { RecurrenceSchema, VariantsSchema } from '../planning/schemas.ts';

export const STATUSES = [
  'draft',
  'pending',
  'scheduled',
  'publishing',
  'published',
  'failed',
  'partial',
] as const;

/** "TwitterConfigurations, ... or GoogleBusinessConfigurations": each module's options schema by name. */
function configurationNames(): string {
  const names = PLATFORMS.map((p) => (PLATFORM_MODULES[p].options as { $id?: string }).$id ?? p);
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

export const PlatformTargetSchema = Type.Object(
  {
    platform: Type.Enum([...PLATFORMS], { description: 'One value of Platform.' }),
    accountId: Type.String({
      minLength: 1,
      description: 'The integration id (GET /v1/connect/integrations).',
    }),
    content: Type.Optional(
      Type.String({ description: 'Per-platform text; the top-level content when omitted.' }),
    ),
    platformSpecificData: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: true,
          description: `Shape depends on platform: ${configurationNames()}. Only the listed fields are accepted.`,
        },
      ),
    ),
  },
  // The document shows one variant per platform with its named configuration (openapi-document.ts).
  { additionalProperties: false, [PLATFORM_TARGET_MARK]: true },
);

const FIRST_COMMENT_DESCRIPTION =
  'Posted as a comment (a reply on X, Bluesky and Threads) under each target once it is live, where the platform can comment on the account’s own post: Facebook Pages, Instagram, LinkedIn, Threads, X, Bluesky, YouTube (YouTube’s own platformSpecificData.firstComment replaces it there). TikTok, Pinterest and Google Business targets skip it (their answers say `skipped`). Each platform’s comment length rule is checked at create. A comment that fails leaves the target published with a warningMessage (the post ends partial).';

/** The post's first comment (create, draft). */
const FirstCommentField = Type.String({
  minLength: 1,
  maxLength: 10_000,
  description: FIRST_COMMENT_DESCRIPTION,
});

/** What became of the first comment on one target (Post record, create answer). */
export const FirstCommentResultSchema = Type.Object(
  {
    status: Type.Enum(['pending', 'posted', 'failed', 'skipped'], {
      description:
        'pending: the target is not live yet or the comment is on its way; posted; failed: not posted (warningMessage says why, or the target failed); skipped: the platform can not comment on the post.',
    }),
    commentId: Type.Optional(Type.String({ description: "The comment's id on the platform, once posted." })),
  },
  { description: 'Present when the target has a first comment to post, or skips the post’s.' },
);

const ScheduleFields = {
  scheduledFor: Type.Optional(
    Type.String({
      maxLength: 64,
      description: `ISO 8601 date-time; without an offset it is read in \`timezone\`. Must be in the future, and at most ${MAX_SCHEDULE_AHEAD_YEARS} years ahead.`,
    }),
  ),
  timezone: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'IANA name, default UTC.' }),
  ),
};

/** How media a target would refuse is handled (create, validate, drafts, scheduled edits). */
export const MediaProcessingFields = {
  mediaProcessing: Type.Optional(
    Type.Enum(['auto', 'off'], {
      description:
        '`auto` (default): media a target’s platform would refuse (size, aspect ratio, format, codec…) is converted for that target, and its warningMessage says what was done; media every target accepts is published untouched. `off`: such media is refused at create, with the rule in words.',
    }),
  ),
  fit: Type.Optional(
    Type.Enum(['pad', 'crop'], {
      description:
        'How converted media is fitted to an aspect ratio the platform accepts: `pad` (default, a blurred border, nothing cut) or `crop` (centre). A target’s platformSpecificData.fit overrides it.',
    }),
  ),
  trim: Type.Optional(
    Type.Boolean({
      description:
        'True: a video longer than a platform allows is trimmed to its limit for that target; otherwise it is refused with the length and the limit.',
    }),
  ),
};

export const PostPayloadSchema = Type.Object(
  {
    content: Type.String({ description: 'Post text body.' }),
    mediaItems: Type.Optional(Type.Array(MediaItemSchema, { maxItems: 50 })),
    platforms: Type.Array(PlatformTargetSchema, { minItems: 1, maxItems: 50 }),
    ...MediaProcessingFields,
    firstComment: Type.Optional(FirstCommentField),
    publishNow: Type.Optional(
      Type.Boolean({
        description:
          'Publish at once. Exactly one of publishNow: true, scheduledFor, queue: true or draft: true.',
      }),
    ),
    ...ScheduleFields,
    queue: Type.Optional(
      Type.Boolean({
        description:
          'Take the next free slot of the posting queue of the targets’ profile (all targets in one profile, or all without one); the answer’s scheduledFor is the slot.',
      }),
    ),
    draft: Type.Optional(
      Type.Boolean({
        description:
          'Save as a draft: nothing is charged or published. Problems that only matter at publication are listed in the answer’s `problems` instead of refusing it; schedule it with POST /v1/posts/{postId}/schedule.',
      }),
    ),
    recurrence: Type.Optional(RecurrenceSchema),
    variants: Type.Optional(VariantsSchema),
  },
  { additionalProperties: false },
);

/** A draft's body (PUT /v1/posts/drafts/{postId}): create's, without a time (scheduling is its own step). */
export const DraftPayloadSchema = (() => {
  const { publishNow: _n, scheduledFor: _s, queue: _q, ...fields } = PostPayloadSchema.properties;
  return Type.Object(fields, { additionalProperties: false });
})();

export const EditPayloadSchema = Type.Object(
  {
    content: Type.String(),
    platforms: Type.Array(PlatformTargetSchema, { minItems: 1, maxItems: 50 }),
    ...MediaProcessingFields,
    mediaItems: Type.Optional(Type.Array(MediaItemSchema, { maxItems: 50 })),
    firstComment: Type.Optional(
      Type.Union([FirstCommentField, Type.Null()], {
        description: `${FIRST_COMMENT_DESCRIPTION} Omit to keep the post’s first comment; null removes it.`,
      }),
    ),
    scheduledFor: Type.Optional(
      Type.String({ maxLength: 64, description: 'Omit to keep the current time.' }),
    ),
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Omit to keep.' })),
  },
  { additionalProperties: false },
);

const Nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);

export const PostSchema = Type.Object(
  {
    postId: Type.String(),
    content: Type.String(),
    status: Type.Enum([...STATUSES]),
    scheduledFor: Nullable(Type.String({ format: 'date-time' })),
    timezone: Type.String(),
    mediaItems: Type.Array(
      Type.Object({
        type: Type.Enum(['image', 'video', 'gif', 'document']),
        url: Type.String({ format: 'uri' }),
        thumbnail: Type.Optional(
          Type.String({ format: 'uri', description: 'Only when the request gave one.' }),
        ),
        filename: Type.Union([Type.String(), Type.Null()]),
        size: Type.Integer({
          minimum: 0,
          description:
            "Bytes, as the media's server declared them when the post was created; 0 when it could not be asked then.",
        }),
        mimeType: Type.String({
          description: 'Content type from the server, else what the file name (or the item type) suggests.',
        }),
      }),
    ),
    platforms: Type.Array(
      Type.Object({
        platform: Type.Enum([...PLATFORMS]),
        integrationId: Type.String({
          description: 'The account this result is for (accountId of the target).',
        }),
        status: Type.Enum([...STATUSES]),
        content: Nullable(
          Type.String({
            description:
              "The target's own text; null when the top-level content applies. After an edit of the published post (PATCH /v1/posts/{postId}/published) it is the text the platform shows.",
          }),
        ),
        platformPostId: Nullable(Type.String()),
        platformPostUrl: Nullable(Type.String()),
        publishedAt: Nullable(Type.String({ format: 'date-time' })),
        errorMessage: Nullable(Type.String()),
        warningMessage: Nullable(Type.String()),
        sandbox: Type.Optional(
          Type.Boolean({
            description: 'true when published to the sandbox simulator, not the real platform.',
          }),
        ),
        edit: Type.Optional(
          Type.Object(
            {
              status: Type.Enum(['editing', 'edited', 'failed']),
              requestedAt: Type.String({ format: 'date-time' }),
              finishedAt: Nullable(Type.String({ format: 'date-time' })),
              errorMessage: Nullable(Type.String()),
            },
            {
              description:
                'Only once the published target was edited (PATCH /v1/posts/{postId}/published): its latest edit. A failed edit is also told in warningMessage.',
            },
          ),
        ),
        firstComment: Type.Optional(FirstCommentResultSchema),
        convertedMedia: Type.Optional(
          Type.Array(
            Type.Object({
              item: Type.Integer({ minimum: 0, description: 'Index of the original in mediaItems.' }),
              mediaId: Type.Optional(Type.String({ description: 'The stored derivative’s media id.' })),
              url: Type.String(),
              mimeType: Type.String(),
              width: Type.Integer(),
              height: Type.Integer(),
              size: Type.Integer(),
              description: Type.String({ description: 'What was done, as in warningMessage.' }),
            }),
            {
              description:
                'Only when media was converted for this target (mediaProcessing `auto`): the derivatives it published instead of the originals with those indexes; the other items went untouched.',
            },
          ),
        ),
      }),
    ),
    firstComment: Type.Optional(
      Type.String({ description: 'The post’s first comment (PostPayload.firstComment), when it has one.' }),
    ),
    crosspostingEnabled: Type.Boolean(),
    seriesId: Type.Optional(
      Type.String({
        description: 'The recurring series this post is an occurrence of (GET /v1/series/{seriesId}).',
      }),
    ),
    // Stored at create exactly as the request schema accepted it (create.ts: raw_request), and
    // never rewritten: the request schema has had these fields, all optional beyond content and
    // platforms, since posts were first stored, and it sets no defaults, so it describes every row.
    rawRequestBody: {
      ...PostPayloadSchema,
      description:
        'The create request as it was accepted (PostPayload). A scheduled edit (PUT) does not change it: `content`, `mediaItems` and `platforms` above are the current ones.',
    },
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Post' },
);

export const PostList = Type.Object({
  success: Type.Boolean(),
  total: Type.Integer(),
  posts: Type.Array(PostSchema),
});

/** One problem of a body, as POST /v1/posts/validate and a draft's answer word it. */
export const ValidationProblemSchema = Type.Object({
  scope: Type.Enum(['schedule', 'post', 'target']),
  target: Type.Union([Type.Integer(), Type.Null()], { description: 'Index in `platforms`, or null.' }),
  platform: Type.Union([Type.String(), Type.Null()]),
  field: Type.Union([Type.String(), Type.Null()], {
    description: 'The field the message names (`content`, `platformSpecificData.boardId`, `accountId`...).',
  }),
  message: Type.String({ description: 'The message exactly as POST /v1/posts would write it.' }),
});

export const CreateAnswerSchema = Type.Object({
  success: Type.Boolean({ description: 'False only when every target failed.' }),
  status: Type.Enum([...STATUSES]),
  postId: Type.String(),
  scheduledFor: Type.Optional(
    Type.String({ format: 'date-time', description: 'For a queued post: the slot it took.' }),
  ),
  seriesId: Type.Optional(Type.String({ description: 'When the post recurs: its series.' })),
  message: Type.Optional(
    Type.String({ description: 'For a post awaiting approval (status pending): what happens next.' }),
  ),
  problems: Type.Optional(
    Type.Array(ValidationProblemSchema, {
      description: 'Drafts only: what would stop the draft from being scheduled now.',
    }),
  ),
  platforms: Type.Array(
    Type.Object({
      platform: Type.Enum([...PLATFORMS]),
      integrationId: Type.String({
        description: 'The account this result is for (accountId of the target).',
      }),
      success: Type.Boolean(),
      platformPostUrl: Type.Optional(Type.String()),
      error: Type.Optional(Type.String()),
      warningMessage: Type.Optional(Type.String()),
      sandbox: Type.Optional(
        Type.Boolean({ description: 'true when published to the sandbox simulator, not the real platform.' }),
      ),
      firstComment: Type.Optional(FirstCommentResultSchema),
    }),
  ),
});

export const PostIdParams = Type.Object({ postId: Type.String({ minLength: 1, maxLength: 200 }) });

export const Message = Type.Object({ success: Type.Boolean(), message: Type.String() });

/** PATCH /v1/posts/{postId}/published: what changes on the live posts. */
export const PublishedEditPayloadSchema = Type.Object(
  {
    content: Type.Optional(
      Type.String({
        description: 'New top-level text: every published target without text of its own is edited to it.',
      }),
    ),
    platforms: Type.Optional(
      Type.Array(PlatformTargetSchema, {
        maxItems: 50,
        description:
          'Targets to edit by platform and accountId: `content` is their own new text, `platformSpecificData` the options to change (only those the platform can change on a live post).',
      }),
    ),
  },
  { additionalProperties: false },
);

export const PublishedEditAnswerSchema = Type.Object({
  success: Type.Boolean({
    description:
      'True, as in every 2xx answer: the request was taken. Whether each target is being edited, can not be, or was refused is its `status`.',
  }),
  postId: Type.String(),
  creditsCharged: Type.Integer({ description: '1 per target being edited; refunded if its edit fails.' }),
  platforms: Type.Array(
    Type.Object({
      platform: Type.Enum([...PLATFORMS]),
      integrationId: Type.String(),
      status: Type.Enum(['editing', 'not_editable', 'refused', 'skipped'], {
        description:
          '`editing`: sent to the platform in the background (GET the post for its `edit`); `not_editable`: the platform can not edit a live post, nothing was sent; `refused`: the edit breaks the platform’s rules or changes an option that is fixed once published; `skipped`: nothing changes there, or the target was never published.',
      }),
      message: Type.String(),
    }),
  ),
});
