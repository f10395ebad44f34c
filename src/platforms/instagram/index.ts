/**
 * The Instagram module (Instagram API with Instagram Login): connecting, validation,
 * and publishing through media containers (image, Reel, carousel); no delete.
 */

import type { PlatformModule } from '../module.ts';
import { instagramAnalytics } from './analytics.ts';
import { instagramAuth } from './auth.ts';
import { instagramComments } from './comments.ts';
import { deleteFromInstagram } from './delete.ts';
import { instagramFirstComment } from './first-comment.ts';
import { instagramInbound } from './inbound.ts';
import { instagramMediaRules } from './media-rules.ts';
import { instagramMessages } from './messages.ts';
import { InstagramOptions } from './options.ts';
import { publishToInstagram } from './publish.ts';
import { reconcileInstagram } from './reconcile.ts';
import { measureInstagram, validateInstagram } from './validate.ts';

export const instagramModule = {
  name: 'instagram',
  displayName: 'Instagram',
  hosts: {
    authorize: 'https://www.instagram.com',
    token: 'https://api.instagram.com',
    api: 'https://graph.instagram.com',
  },
  options: InstagramOptions,
  validate: validateInstagram,
  mediaRules: instagramMediaRules,
  measureText: measureInstagram,
  auth: instagramAuth,
  publisher: { publish: publishToInstagram, reconcile: reconcileInstagram, delete: deleteFromInstagram },
  notEditable:
    "The Instagram API can not change a published post's caption or media (only whether comments are on), so nothing was sent there.",
  comments: instagramComments,
  inbound: instagramInbound,
  messages: instagramMessages,
  firstComment: instagramFirstComment,
  analytics: instagramAnalytics,
} satisfies PlatformModule;
