/** The Mastodon module: statuses on any instance, connected by OAuth with the app registered there. */
import type { PlatformModule } from '../module.ts';
import { mastodonAnalytics } from './analytics.ts';
import { mastodonAuth } from './auth.ts';
import { checkMastodonTarget } from './check.ts';
import { deleteFromMastodon } from './delete.ts';
import { mastodonEditor } from './edit.ts';
import { mastodonFirstComment } from './first-comment.ts';
import { mastodonMediaRules } from './media-rules.ts';
import { MastodonOptions } from './options.ts';
import { publishToMastodon } from './publish.ts';
import { reconcileMastodon } from './reconcile.ts';
import { measureMastodon, validateMastodon } from './validate.ts';

export const mastodonModule = {
  name: 'mastodon',
  displayName: 'Mastodon',
  // The real host is each account's own instance (metadata.instance); this is the default one.
  hosts: { authorize: 'https://mastodon.social', api: 'https://mastodon.social' },
  options: MastodonOptions,
  mediaRules: mastodonMediaRules,
  validate: validateMastodon,
  measureText: measureMastodon,
  createCheck: checkMastodonTarget,
  auth: mastodonAuth,
  publisher: { publish: publishToMastodon, reconcile: reconcileMastodon, delete: deleteFromMastodon },
  editor: mastodonEditor,
  firstComment: mastodonFirstComment,
  analytics: mastodonAnalytics,
} satisfies PlatformModule;
