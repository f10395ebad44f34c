/** The Google Business Profile module: connecting locations and validation; publishing comes with its publisher. */
import type { PlatformModule } from '../module.ts';
import { googleBusinessAuth } from './auth.ts';
import { GoogleBusinessOptions } from './options.ts';
import { validateGoogleBusiness } from './validate.ts';

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
  auth: googleBusinessAuth,
} satisfies PlatformModule;
