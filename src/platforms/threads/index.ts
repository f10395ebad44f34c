/** The Threads module (Threads API): connecting, validation, publishing through containers, delete. */

import type { PlatformModule } from '../module.ts';
import { threadsAnalytics } from './analytics.ts';
import { threadsAuth } from './auth.ts';
import { threadsComments } from './comments.ts';
import { deleteFromThreads } from './delete.ts';
import { threadsFirstComment } from './first-comment.ts';
import { threadsInbound } from './inbound.ts';
import { threadsMediaRules } from './media-rules.ts';
import { ThreadsOptions } from './options.ts';
import { publishToThreads } from './publish.ts';
import { reconcileThreads } from './reconcile.ts';
import { measureThreads, validateThreads } from './validate.ts';

export const threadsModule = {
  name: 'threads',
  displayName: 'Threads',
  hosts: {
    authorize: 'https://threads.net',
    token: 'https://graph.threads.net',
    api: 'https://graph.threads.net',
  },
  options: ThreadsOptions,
  validate: validateThreads,
  mediaRules: threadsMediaRules,
  measureText: measureThreads,
  auth: threadsAuth,
  publisher: { publish: publishToThreads, reconcile: reconcileThreads, delete: deleteFromThreads },
  notEditable:
    'The Threads API can not edit a published post (only the Threads app can, briefly), so nothing was sent there.',
  comments: threadsComments,
  inbound: threadsInbound,
  firstComment: threadsFirstComment,
  analytics: threadsAnalytics,
} satisfies PlatformModule;
