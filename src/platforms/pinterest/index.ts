/** The Pinterest module (API v5): connecting, validation and boards; publishing comes with its publisher. */
import type { PlatformModule } from '../module.ts';
import { pinterestAuth } from './auth.ts';
import { listPinterestBoards } from './boards.ts';
import { PinterestOptions } from './options.ts';
import { validatePinterest } from './validate.ts';

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
  auth: pinterestAuth,
  lookups: { boards: ({ env, account }) => listPinterestBoards(env, account.accessToken) },
} satisfies PlatformModule;
