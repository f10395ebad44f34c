/** The Bluesky adapter: AT Protocol records with client-chosen keys, blobs, facets, link cards, video. */
import type { PlatformAdapter, TargetInput } from '../contract.ts';
import { deleteFromBluesky } from './delete.ts';
import { publishToBluesky } from './publish.ts';
import { reconcileBluesky } from './reconcile.ts';
import { validateForBluesky } from './rules.ts';

export function createBlueskyAdapter() {
  return {
    platform: 'bluesky',
    validate: (target: TargetInput) => validateForBluesky(target),
    publish: publishToBluesky,
    reconcile: reconcileBluesky,
    delete: deleteFromBluesky,
  } satisfies PlatformAdapter;
}
