/** The X (Twitter) module: API v2 posts, chunked media upload, threads as reply chains. */
import type { PlatformModule } from '../module.ts';
import { twitterAnalytics } from './analytics.ts';
import { twitterAuth } from './auth.ts';
import { deleteFromX } from './delete.ts';
import { twitterFirstComment } from './first-comment.ts';
import { twitterMediaRules } from './media-rules.ts';
import { TwitterOptions } from './options.ts';
import { publishToX } from './publish.ts';
import { reconcileX } from './reconcile.ts';
import { twitterSpend } from './spend.ts';
import { measureTwitter, validateTwitter } from './validate.ts';

export const twitterModule = {
  name: 'twitter',
  displayName: 'X',
  hosts: { authorize: 'https://x.com', token: 'https://api.x.com', api: 'https://api.x.com' },
  options: TwitterOptions,
  validate: validateTwitter,
  mediaRules: twitterMediaRules,
  measureText: measureTwitter,
  auth: twitterAuth,
  publisher: { publish: publishToX, reconcile: reconcileX, delete: deleteFromX },
  notEditable:
    "X edits a post only by publishing a new version with a new id (edit_options.previous_post_id, within an hour, for subscribers), which would change the post's id and link here, so nothing was sent there.",
  firstComment: twitterFirstComment,
  analytics: twitterAnalytics,
  spend: twitterSpend,
} satisfies PlatformModule;
