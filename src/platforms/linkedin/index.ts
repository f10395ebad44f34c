/** The LinkedIn module: Posts API with little-text commentary, image/video/document uploads. */
import type { PlatformModule } from '../module.ts';
import { linkedinAnalytics } from './analytics.ts';
import { linkedinAuth } from './auth.ts';
import { deleteFromLinkedIn } from './delete.ts';
import { linkedinEditor } from './edit.ts';
import { linkedinFirstComment } from './first-comment.ts';
import { linkedinMediaRules } from './media-rules.ts';
import { LinkedInOptions } from './options.ts';
import { publishToLinkedIn } from './publish.ts';
import { reconcileLinkedIn } from './reconcile.ts';
import { measureLinkedIn, validateLinkedIn } from './validate.ts';

export const linkedinModule = {
  name: 'linkedin',
  displayName: 'LinkedIn',
  hosts: {
    authorize: 'https://www.linkedin.com',
    token: 'https://www.linkedin.com',
    api: 'https://api.linkedin.com',
  },
  options: LinkedInOptions,
  validate: validateLinkedIn,
  mediaRules: linkedinMediaRules,
  measureText: measureLinkedIn,
  auth: linkedinAuth,
  // LinkedIn retires a version about a year after its release: operators move on by setting.
  apiVersion: (config) => config.LINKEDIN_API_VERSION,
  publisher: { publish: publishToLinkedIn, reconcile: reconcileLinkedIn, delete: deleteFromLinkedIn },
  editor: linkedinEditor,
  firstComment: linkedinFirstComment,
  analytics: linkedinAnalytics,
} satisfies PlatformModule;
