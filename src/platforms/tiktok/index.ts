/**
 * The TikTok module (Content Posting API): connecting, validation, creator info,
 * and publishing videos (chunked FILE_UPLOAD) and photo posts, direct or as drafts
 * to the creator's inbox, followed through TikTok's publish status.
 */
import type { PlatformModule } from '../module.ts';
import { tiktokAnalytics } from './analytics.ts';
import { tiktokAuth } from './auth.ts';
import { queryCreatorInfo } from './creator-info.ts';
import { deleteFromTikTok } from './delete.ts';
import { tiktokMediaRules } from './media-rules.ts';
import { TikTokOptions } from './options.ts';
import { publishToTikTok } from './publish.ts';
import { reconcileTikTok } from './reconcile.ts';
import { measureTikTok, validateTikTok } from './validate.ts';

export const tiktokModule = {
  name: 'tiktok',
  displayName: 'TikTok',
  hosts: {
    authorize: 'https://www.tiktok.com',
    token: 'https://open.tiktokapis.com',
    api: 'https://open.tiktokapis.com',
  },
  options: TikTokOptions,
  validate: validateTikTok,
  mediaRules: tiktokMediaRules,
  measureText: measureTikTok,
  auth: tiktokAuth,
  publisher: { publish: publishToTikTok, reconcile: reconcileTikTok, delete: deleteFromTikTok },
  notEditable:
    "TikTok's Content Posting API can not change a published video or its caption, so nothing was sent there.",
  analytics: tiktokAnalytics,
  lookups: { creatorInfo: ({ env, account }) => queryCreatorInfo(env, account.accessToken) },
} satisfies PlatformModule;
