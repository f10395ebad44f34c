/** The Facebook Pages adapter: Graph API feed, photos (one or many), videos with thumbnails. */
import type { PlatformAdapter, TargetInput } from '../contract.ts';
import { deleteFromFacebook } from './delete.ts';
import { publishToFacebook } from './publish.ts';
import { reconcileFacebook } from './reconcile.ts';
import { validateForFacebook } from './rules.ts';

export function createFacebookAdapter() {
  return {
    platform: 'facebook',
    validate: (target: TargetInput) => validateForFacebook(target),
    publish: publishToFacebook,
    reconcile: reconcileFacebook,
    delete: deleteFromFacebook,
  } satisfies PlatformAdapter;
}
