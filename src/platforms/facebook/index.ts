/** The Facebook Pages module: Graph API feed, photos (one or many), videos with thumbnails, Reels and Stories. */

import type { PlatformModule } from '../module.ts';
import { facebookAnalytics } from './analytics.ts';
import { facebookAuth } from './auth.ts';
import { facebookComments } from './comments.ts';
import { deleteFromFacebook } from './delete.ts';
import { facebookEditor } from './edit.ts';
import { facebookFirstComment } from './first-comment.ts';
import { facebookInbound } from './inbound.ts';
import { facebookMediaRules } from './media-rules.ts';
import { FacebookOptions } from './options.ts';
import { publishFacebookTarget } from './publish.ts';
import { reconcileFacebook } from './reconcile.ts';
import { measureFacebook, validateFacebook } from './validate.ts';

export const facebookModule = {
  name: 'facebook',
  displayName: 'Facebook',
  hosts: {
    authorize: 'https://www.facebook.com',
    token: 'https://graph.facebook.com',
    api: 'https://graph.facebook.com',
    /** Video uploads go to the host Meta documents for them. */
    video: 'https://graph-video.facebook.com',
    /** The bytes of Reels and video Stories go to Meta's resumable upload host. */
    rupload: 'https://rupload.facebook.com',
  },
  options: FacebookOptions,
  validate: validateFacebook,
  mediaRules: facebookMediaRules,
  measureText: measureFacebook,
  auth: facebookAuth,
  publisher: { publish: publishFacebookTarget, reconcile: reconcileFacebook, delete: deleteFromFacebook },
  editor: facebookEditor,
  comments: facebookComments,
  inbound: facebookInbound,
  firstComment: facebookFirstComment,
  analytics: facebookAnalytics,
} satisfies PlatformModule;
