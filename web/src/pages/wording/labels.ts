// The names a social media manager knows for each platform option (platformSpecificData),
// and hints in their words where the API's description speaks of its own endpoints.
// An option missing here falls back to its name made readable.
import { REDDIT_OPTION_HINTS, REDDIT_OPTION_LABELS } from '../options/reddit.ts';

export const OPTION_LABELS: Record<string, string> = {
  communityId: 'Community ID',
  shareWithFollowers: 'Also share with followers',
  replyToTweetId: 'Reply to post ID',
  replySettings: 'Who can reply',
  threadItems: 'Thread',
  poll: 'Poll',
  contentType: 'Format (Story or Reel; empty: a feed post)',
  collaborators: 'Collaborators (Instagram usernames, without @)',
  longPost: 'Long post (over 280 characters, for eligible X accounts)',
  shareToFeed: 'Also share to the feed',
  coverUrl: 'Cover image URL',
  thumbOffset: 'Cover frame (milliseconds into the video)',
  title: 'Title',
  tags: 'Tags',
  visibility: 'Visibility',
  madeForKids: 'Made for kids',
  containsSyntheticMedia: 'Contains AI-generated or altered media',
  categoryId: 'Category',
  firstComment: 'First comment',
  privacyLevel: 'Who can view',
  disableComment: 'Turn off comments',
  disableDuet: 'Turn off duets',
  disableStitch: 'Turn off stitches',
  brandContentToggle: 'Paid partnership',
  brandOrganicToggle: 'Promotes your own brand',
  isAigc: 'AI-generated content',
  videoCoverTimestampMs: 'Cover frame (milliseconds into the video)',
  autoAddMusic: 'Add music automatically',
  photoCoverIndex: 'Cover photo number (first is 0)',
  description: 'Description',
  draft: 'Send to the TikTok inbox as a draft',
  boardId: 'Board',
  link: 'Link',
  altText: 'Alt text',
  dominantColor: 'Background colour',
  coverImageUrl: 'Cover image URL',
  mentions: 'Mentions',
  articleUrl: 'Article link',
  articleTitle: 'Article title',
  articleDescription: 'Article description',
  documentTitle: 'Document title',
  langs: 'Languages',
  published: 'Publish on the Page',
  videoThumbnailUrl: 'Video thumbnail URL',
  replyControl: 'Who can reply',
  topicType: 'Post type',
  callToActionType: 'Button',
  callToActionUrl: 'Button link',
  eventTitle: 'Event title',
  eventStartDate: 'Event start date',
  eventStartTime: 'Event start time',
  eventEndDate: 'Event end date',
  eventEndTime: 'Event end time',
  offerCouponCode: 'Coupon code',
  offerRedeemOnlineUrl: 'Redeem online link',
  offerTermsConditions: 'Offer terms and conditions',
  parseMode: 'Formatting',
  silent: 'Send without a notification',
  protectContent: 'Protect from forwarding and saving',
  disableLinkPreview: 'No link preview',
  embeds: 'Embeds',
  threadName: 'Forum post title',
  username: 'Sender name',
  avatarUrl: 'Sender picture URL',
  suppressEmbeds: 'No link previews',
  ...REDDIT_OPTION_LABELS,
};

/** Hints that replace an API description naming the API's own endpoints. */
export const OPTION_HINTS: Record<string, string> = {
  boardId: 'Required: the board the pin is saved to.',
  threadItems: 'Posts published one after the other as replies under the post’s own text.',
  poll: 'A poll can not go with media or a thread.',
  replyToTweetId: 'The number at the end of the post’s address on X.',
  privacyLevel: 'One of the choices the TikTok account allows.',
  threadName:
    'Required in a Discord forum channel: the title of the new post. Leave it out in other channels.',
  ...REDDIT_OPTION_HINTS,
};

const humanize = (name: string) =>
  name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

export const optionLabel = (name: string): string => OPTION_LABELS[name] ?? humanize(name);

/** The hint of an option: ours, else the API's description without sentences about its endpoints. */
export function optionHint(name: string, description: string | undefined): string | undefined {
  if (OPTION_HINTS[name]) return OPTION_HINTS[name];
  const kept = (description ?? '')
    .split(/(?<=\.)\s+/)
    .filter((s) => !/\/v1\/|\b(GET|POST|PUT|PATCH|DELETE) \//.test(s))
    .join(' ')
    .trim();
  return kept || undefined;
}
