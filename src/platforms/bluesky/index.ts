/** The Bluesky module: AT Protocol records with client-chosen keys, blobs, facets, link cards, video. */
import type { PlatformModule } from '../module.ts';
import { blueskyAnalytics } from './analytics.ts';
import { blueskyAuth } from './auth.ts';
import { deleteFromBluesky } from './delete.ts';
import { blueskyFirstComment } from './first-comment.ts';
import { blueskyMediaRules } from './media-rules.ts';
import { BlueskyOptions } from './options.ts';
import { publishToBluesky } from './publish.ts';
import { reconcileBluesky } from './reconcile.ts';
import { measureBluesky, validateBluesky } from './validate.ts';

export const blueskyModule = {
  name: 'bluesky',
  displayName: 'Bluesky',
  hosts: { authorize: 'https://bsky.social', token: 'https://bsky.social', api: 'https://bsky.social' },
  options: BlueskyOptions,
  validate: validateBluesky,
  mediaRules: blueskyMediaRules,
  measureText: measureBluesky,
  auth: blueskyAuth,
  publisher: { publish: publishToBluesky, reconcile: reconcileBluesky, delete: deleteFromBluesky },
  notEditable:
    'Bluesky has no post edits: apps keep showing the original record that replies and quotes point to, so nothing was sent there.',
  firstComment: blueskyFirstComment,
  analytics: blueskyAnalytics,
} satisfies PlatformModule;
