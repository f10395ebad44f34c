/**
 * What each credit was spent on, for the breakdown of GET /v1/usage. Every ledger
 * charge has a reason, and a refund is counted under the reason of the charge it
 * returns (refund_of); each reason belongs to one category, so a month's
 * categories add up to its count, and its publishing credits split by platform
 * add up to `categories.publishing`.
 */
export const USAGE_CATEGORIES = [
  'publishing',
  'deletion',
  'analytics',
  'aiCaption',
  'aiImage',
  'other',
] as const;
export type UsageCategory = (typeof USAGE_CATEGORIES)[number];

/** The reasons the service charges credits for, by category. */
const CATEGORY_OF_REASON: Readonly<Record<string, UsageCategory>> = {
  // 1 credit per target platform at create, and the targets a scheduled edit adds.
  post: 'publishing',
  post_edit: 'publishing',
  // PATCH /v1/posts/{postId}/published: 1 credit per platform edit call (refunded when it fails).
  published_edit: 'publishing',
  // DELETE /v1/posts/{postId}?deleteFromPlatforms=true: 1 credit per platform.
  platform_delete: 'deletion',
  analytics_posts: 'analytics',
  analytics_demographics: 'analytics',
  analytics_account_insights: 'analytics',
  ai_write: 'aiCaption',
  ai_image: 'aiImage',
};

/**
 * The category of a ledger reason. A reason this version does not write (a line
 * added by hand, or by a newer version sharing the database) counts as `other`,
 * so the categories still add up to the month's count.
 */
export const categoryOf = (reason: string): UsageCategory => CATEGORY_OF_REASON[reason] ?? 'other';

export type CategoryCounts = Record<UsageCategory, number>;

export const noCategories = (): CategoryCounts =>
  Object.fromEntries(USAGE_CATEGORIES.map((c) => [c, 0])) as CategoryCounts;
