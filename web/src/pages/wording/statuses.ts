// Every status the dashboard shows, in words: of a post, of one of its accounts
// (targets), of an edit, of a review link, of a notification's delivery, of a series.
// The API's values are never shown raw; a value added to the API later reads as
// itself made readable until it is named here.

const readable = (value: string) => value.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export const POST_STATUS_WORDS: Record<string, string> = {
  draft: 'Draft',
  pending: 'Awaiting approval',
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Failed',
  partial: 'Partly published',
};

export const postStatusWords = (status: string): string => POST_STATUS_WORDS[status] ?? readable(status);

/**
 * One account of a post: while the post awaits approval its accounts are stored as
 * drafts, which would read as if nothing had been sent; they await approval with it.
 */
export const targetStatusWords = (status: string, postStatus?: string): string =>
  postStatus === 'pending' && (status === 'draft' || status === 'pending')
    ? 'Awaiting approval'
    : postStatusWords(status);

/** The badge colour of a target shown in words (a pending post's draft targets look pending). */
export const targetBadge = (status: string, postStatus?: string): string =>
  postStatus === 'pending' && status === 'draft' ? 'pending' : status;

const EDIT_WORDS: Record<string, string> = {
  editing: 'Edit on its way',
  edited: 'Edited',
  failed: 'Edit failed',
};
export const editStatusWords = (status: string): string => EDIT_WORDS[status] ?? readable(status);

const REVIEW_LINK_WORDS: Record<string, string> = {
  active: 'Open',
  expired: 'Expired',
  revoked: 'Closed',
  decided: 'Decided',
  published: 'Closed: the post is published',
};
export const reviewLinkStatusWords = (status: string): string =>
  REVIEW_LINK_WORDS[status] ?? readable(status);

const DELIVERY_WORDS: Record<string, string> = {
  pending: 'On its way',
  succeeded: 'Delivered',
  failed: 'Failed',
};
export const deliveryStatusWords = (status: string): string => DELIVERY_WORDS[status] ?? readable(status);

const SERIES_WORDS: Record<string, string> = {
  active: 'Series running',
  paused: 'Series paused',
  ended: 'Series ended',
};
export const seriesStatusWords = (status: string): string => SERIES_WORDS[status] ?? `Series ${status}`;
