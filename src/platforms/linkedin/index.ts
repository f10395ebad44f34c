/** The LinkedIn adapter: Posts API with little-text commentary, image/video/document uploads. */
import type { PlatformAdapter } from '../contract.ts';
import { validateWith } from '../shared/validate-target.ts';
import { deleteFromLinkedIn } from './delete.ts';
import { publishToLinkedIn } from './publish.ts';
import { reconcileLinkedIn } from './reconcile.ts';
import { validateLinkedIn } from './validate.ts';

export function createLinkedInAdapter() {
  return {
    platform: 'linkedin',
    validate: validateWith(validateLinkedIn),
    publish: publishToLinkedIn,
    reconcile: reconcileLinkedIn,
    delete: deleteFromLinkedIn,
  } satisfies PlatformAdapter;
}
