/** The Reddit module: a user account posting to subreddits (Reddit's OAuth API). */
import type { PlatformModule } from '../module.ts';
import { redditAnalytics } from './analytics.ts';
import { redditAuth } from './auth.ts';
import { checkRedditTarget } from './check.ts';
import { deleteFromReddit } from './delete.ts';
import { redditFirstComment } from './first-comment.ts';
import { redditMediaRules } from './media-rules.ts';
import { RedditOptions } from './options.ts';
import { publishToReddit, reconcileReddit } from './publish.ts';
import { measureReddit, validateReddit } from './validate.ts';

export const redditModule = {
  name: 'reddit',
  displayName: 'Reddit',
  hosts: {
    authorize: 'https://www.reddit.com',
    token: 'https://www.reddit.com',
    api: 'https://oauth.reddit.com',
  },
  options: RedditOptions,
  mediaRules: redditMediaRules,
  validate: validateReddit,
  measureText: measureReddit,
  createCheck: checkRedditTarget,
  auth: redditAuth,
  // Reddit's calls carry no API version; the per-settings value they carry is the User-Agent.
  apiVersion: (config) => config.REDDIT_USER_AGENT,
  publisher: { publish: publishToReddit, reconcile: reconcileReddit, delete: deleteFromReddit },
  notEditable:
    "Reddit lets only a text post's body be edited, never its title, link or media; editing published Reddit posts is not offered yet.",
  firstComment: redditFirstComment,
  analytics: redditAnalytics,
} satisfies PlatformModule;
