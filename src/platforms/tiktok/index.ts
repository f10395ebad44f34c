/** The TikTok module (Content Posting API): connecting, validation and creator info; publishing comes with its publisher. */
import type { PlatformModule } from '../module.ts';
import { tiktokAuth } from './auth.ts';
import { queryCreatorInfo } from './creator-info.ts';
import { TikTokOptions } from './options.ts';
import { validateTikTok } from './validate.ts';

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
  auth: tiktokAuth,
  lookups: { creatorInfo: ({ env, account }) => queryCreatorInfo(env, account.accessToken) },
} satisfies PlatformModule;
