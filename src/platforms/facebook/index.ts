/** The Facebook Pages adapter: Graph API feed, photos (one or many), videos with thumbnails. */
import type { PlatformAdapter } from '../contract.ts';
import { validateWith } from '../shared/validate-target.ts';
import { deleteFromFacebook } from './delete.ts';
import { publishToFacebook } from './publish.ts';
import { reconcileFacebook } from './reconcile.ts';
import { validateFacebook } from './validate.ts';

export function createFacebookAdapter() {
  return {
    platform: 'facebook',
    validate: validateWith(validateFacebook),
    publish: publishToFacebook,
    reconcile: reconcileFacebook,
    delete: deleteFromFacebook,
  } satisfies PlatformAdapter;
}
