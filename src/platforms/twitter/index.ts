/** The X (Twitter) adapter: API v2 tweets, chunked media upload, threads as reply chains. */
import type { PlatformAdapter } from '../contract.ts';
import { validateWith } from '../shared/validate-target.ts';
import { deleteFromX } from './delete.ts';
import { publishToX } from './publish.ts';
import { reconcileX } from './reconcile.ts';
import { validateTwitter } from './validate.ts';

export function createTwitterAdapter() {
  return {
    platform: 'twitter',
    validate: validateWith(validateTwitter),
    publish: publishToX,
    reconcile: reconcileX,
    delete: deleteFromX,
  } satisfies PlatformAdapter;
}
