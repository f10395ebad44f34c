/** The Bluesky adapter: AT Protocol records with client-chosen keys, blobs, facets, link cards, video. */
import type { PlatformAdapter } from '../contract.ts';
import { validateWith } from '../shared/validate-target.ts';
import { deleteFromBluesky } from './delete.ts';
import { publishToBluesky } from './publish.ts';
import { reconcileBluesky } from './reconcile.ts';
import { validateBluesky } from './validate.ts';

export function createBlueskyAdapter() {
  return {
    platform: 'bluesky',
    validate: validateWith(validateBluesky),
    publish: publishToBluesky,
    reconcile: reconcileBluesky,
    delete: deleteFromBluesky,
  } satisfies PlatformAdapter;
}
