/** The Instagram module (Instagram API with Instagram Login): connecting and validation; publishing comes with its publisher. */
import type { PlatformModule } from '../module.ts';
import { instagramAuth } from './auth.ts';
import { InstagramOptions } from './options.ts';
import { validateInstagram } from './validate.ts';

export const instagramModule = {
  name: 'instagram',
  displayName: 'Instagram',
  hosts: {
    authorize: 'https://www.instagram.com',
    token: 'https://api.instagram.com',
    api: 'https://graph.instagram.com',
  },
  options: InstagramOptions,
  validate: validateInstagram,
  auth: instagramAuth,
} satisfies PlatformModule;
