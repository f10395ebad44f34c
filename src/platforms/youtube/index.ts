/**
 * The YouTube module (Data API v3): resumable video upload with the session as
 * the commit point, processing answered as pending, thumbnail, scheduled
 * visibility and first comment.
 */
import type { PlatformModule } from '../module.ts';
import { youtubeAnalytics } from './analytics.ts';
import { youtubeAuth } from './auth.ts';
import { deleteFromYouTube } from './delete.ts';
import { youtubeEditor } from './edit.ts';
import { youtubeFirstComment } from './first-comment.ts';
import { youtubeMediaRules } from './media-rules.ts';
import { YouTubeOptions } from './options.ts';
import { publishToYouTube } from './publish.ts';
import { reconcileYouTube } from './reconcile.ts';
import { measureYouTube, validateYouTube } from './validate.ts';

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
  mediaRules: youtubeMediaRules,
  measureText: measureYouTube,
  auth: youtubeAuth,
  publisher: { publish: publishToYouTube, reconcile: reconcileYouTube, delete: deleteFromYouTube },
  editor: youtubeEditor,
  firstComment: youtubeFirstComment,
  analytics: youtubeAnalytics,
} satisfies PlatformModule;
