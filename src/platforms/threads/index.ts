/** The Threads module (Threads API): connecting and validation; publishing comes with its publisher. */
import type { PlatformModule } from '../module.ts';
import { threadsAuth } from './auth.ts';
import { ThreadsOptions } from './options.ts';
import { validateThreads } from './validate.ts';

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
  auth: threadsAuth,
} satisfies PlatformModule;
