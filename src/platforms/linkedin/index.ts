/** The LinkedIn adapter: Posts API with little-text commentary, image/video/document uploads. */
import type { PlatformAdapter, TargetInput } from '../contract.ts';
import { deleteFromLinkedIn } from './delete.ts';
import { publishToLinkedIn } from './publish.ts';
import { reconcileLinkedIn } from './reconcile.ts';
import { validateForLinkedIn } from './rules.ts';

export function createLinkedInAdapter() {
  return {
    platform: 'linkedin',
    validate: (target: TargetInput) => validateForLinkedIn(target),
    publish: publishToLinkedIn,
    reconcile: reconcileLinkedIn,
    delete: deleteFromLinkedIn,
  } satisfies PlatformAdapter;
}
