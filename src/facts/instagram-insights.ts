/**
 * Instagram's account insights: the metrics an account can be asked for and the
 * breakdown dimensions each accepts with metricType=total_value (the insights
 * reference's table). The service checks requests against it before asking
 * Instagram; the simulator answers with Instagram's own refusal.
 */
export const INSIGHT_METRICS = [
  'reach',
  'views',
  'accounts_engaged',
  'total_interactions',
  'comments',
  'likes',
  'saves',
  'shares',
  'replies',
  'reposts',
  'follows_and_unfollows',
  'profile_links_taps',
] as const;
export type InsightMetric = (typeof INSIGHT_METRICS)[number];

/** The breakdown dimensions each account-insights metric accepts (with metricType=total_value). */
export const INSIGHT_BREAKDOWNS: Readonly<Record<InsightMetric, readonly string[]>> = {
  reach: ['media_product_type', 'follow_type'],
  views: ['follower_type', 'media_product_type'],
  accounts_engaged: [],
  total_interactions: ['media_product_type'],
  likes: ['media_product_type'],
  comments: ['media_product_type'],
  saves: ['media_product_type'],
  shares: ['media_product_type'],
  replies: [],
  reposts: [],
  follows_and_unfollows: ['follow_type'],
  profile_links_taps: ['contact_button_type'],
};
export const INSIGHT_BREAKDOWN_NAMES = [
  'media_product_type',
  'follow_type',
  'follower_type',
  'contact_button_type',
] as const;
