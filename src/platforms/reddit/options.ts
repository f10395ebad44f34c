import { type Static, Type } from 'typebox';
import { MediaFittingOptions } from '../shared/options.ts';

/**
 * RedditConfigurations: the subreddit and title every Reddit post needs, and what
 * Reddit lets a submitter set besides (flair, NSFW, spoiler, a link instead of a
 * text body). The post kind follows from the target: a media item makes an image
 * or video post (the content its body), `url` a link post (which has no body),
 * otherwise a text (self) post of the content.
 */
export const RedditOptions = Type.Object(
  {
    ...MediaFittingOptions,
    subreddit: Type.String({
      pattern: '^[A-Za-z0-9][A-Za-z0-9_]{1,20}$',
      description: 'Required. The subreddit to post in, by name without "r/" (2 to 21 letters, digits or _).',
    }),
    title: Type.String({
      minLength: 1,
      maxLength: 300,
      description: 'Required. The post title: at most 300 characters (and whatever the subreddit requires).',
    }),
    url: Type.Optional(
      Type.String({
        format: 'uri',
        maxLength: 2048,
        description: 'Makes a link post to this https:// URL (no media; the content is not published).',
      }),
    ),
    flairId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: "A flair template id of the subreddit's link flairs.",
      }),
    ),
    flairText: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description:
          'Flair text: for a template whose text is editable, or where the subreddit allows free flair.',
      }),
    ),
    nsfw: Type.Optional(Type.Boolean({ description: 'Mark the post NSFW (over 18).' })),
    spoiler: Type.Optional(Type.Boolean({ description: 'Mark the post as a spoiler.' })),
    sendReplies: Type.Optional(
      Type.Boolean({ description: "Send replies to the account's inbox (default true)." }),
    ),
  },
  { additionalProperties: false, $id: 'RedditConfigurations' },
);
export type RedditOptions = Static<typeof RedditOptions>;

export const redditOptions = (d: Record<string, unknown>) => d as Partial<RedditOptions>;
