/** The Pinterest module (API v5): connecting, validation, boards, and pins (image, carousel, video). */
import type { PlatformModule } from '../module.ts';
import { pinterestAnalytics } from './analytics.ts';
import { pinterestAuth } from './auth.ts';
import { listPinterestBoards } from './boards.ts';
import { deleteFromPinterest } from './delete.ts';
import { pinterestEditor } from './edit.ts';
import { pinterestMediaRules } from './media-rules.ts';
import { PinterestOptions } from './options.ts';
import { publishToPinterest } from './publish.ts';
import { reconcilePinterest } from './reconcile.ts';
import { measurePinterest, validatePinterest } from './validate.ts';

export const pinterestModule = {
  name: 'pinterest',
  displayName: 'Pinterest',
  hosts: {
    authorize: 'https://www.pinterest.com',
    token: 'https://api.pinterest.com',
    api: 'https://api.pinterest.com',
  },
  options: PinterestOptions,
  validate: validatePinterest,
  mediaRules: pinterestMediaRules,
  measureText: measurePinterest,
  auth: pinterestAuth,
  publisher: { publish: publishToPinterest, reconcile: reconcilePinterest, delete: deleteFromPinterest },
  editor: pinterestEditor,
  analytics: pinterestAnalytics,
  lookups: { boards: ({ env, account }) => listPinterestBoards(env, account.accessToken) },
} satisfies PlatformModule;
