/** The YouTube module (Data API v3): connecting and validation; publishing comes with its publisher. */
import type { PlatformModule } from '../module.ts';
import { youtubeAuth } from './auth.ts';
import { YouTubeOptions } from './options.ts';
import { validateYouTube } from './validate.ts';

export const youtubeModule = {
  name: 'youtube',
  displayName: 'YouTube',
  hosts: {
    authorize: 'https://accounts.google.com',
    token: 'https://oauth2.googleapis.com',
    api: 'https://www.googleapis.com',
  },
  options: YouTubeOptions,
  validate: validateYouTube,
  auth: youtubeAuth,
} satisfies PlatformModule;
