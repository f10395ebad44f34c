/** The Google Business Profile module: connecting locations, validation, and local posts (STANDARD, EVENT, OFFER). */
import type { PlatformModule } from '../module.ts';
import { googleBusinessAuth } from './auth.ts';
import { deleteFromGoogleBusiness } from './delete.ts';
import { googleBusinessEditor } from './edit.ts';
import { googlebusinessMediaRules } from './media-rules.ts';
import { GoogleBusinessOptions } from './options.ts';
import { publishToGoogleBusiness } from './publish.ts';
import { reconcileGoogleBusiness } from './reconcile.ts';
import { measureGoogleBusiness, validateGoogleBusiness } from './validate.ts';

export const googleBusinessModule = {
  name: 'googlebusiness',
  displayName: 'Google Business Profile',
  hosts: {
    authorize: 'https://accounts.google.com',
    token: 'https://oauth2.googleapis.com',
    accounts: 'https://mybusinessaccountmanagement.googleapis.com',
    locations: 'https://mybusinessbusinessinformation.googleapis.com',
    api: 'https://mybusiness.googleapis.com',
  },
  options: GoogleBusinessOptions,
  validate: validateGoogleBusiness,
  mediaRules: googlebusinessMediaRules,
  measureText: measureGoogleBusiness,
  auth: googleBusinessAuth,
  publisher: {
    publish: publishToGoogleBusiness,
    reconcile: reconcileGoogleBusiness,
    delete: deleteFromGoogleBusiness,
  },
  editor: googleBusinessEditor,
  // localPosts.reportInsights was discontinued in 2023 with no replacement.
  analytics: {
    unsupported: 'Google Business Profile has no metrics of single posts (discontinued in 2023)',
    historyGaps:
      'Google Business Profile has no follower counts and no metrics of single posts, so its history is empty; location performance (the Business Profile Performance API) is not read.',
  },
} satisfies PlatformModule;
