/** The X (Twitter) adapter: API v2 tweets, chunked media upload, threads as reply chains. */
import type { PlatformAdapter, TargetInput } from '../contract.ts';
import { deleteFromX } from './delete.ts';
import { publishToX } from './publish.ts';
import { reconcileX } from './reconcile.ts';
import { validateForX } from './rules.ts';

export function createTwitterAdapter() {
  return {
    platform: 'twitter',
    validate: (target: TargetInput) => validateForX(target),
    publish: publishToX,
    reconcile: reconcileX,
    delete: deleteFromX,
  } satisfies PlatformAdapter;
}
