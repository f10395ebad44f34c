/**
 * After a publish with no known outcome: the container's status says whether it
 * happened (PUBLISHED: the post, found among the account's recent threads by its
 * text; FINISHED, ERROR, EXPIRED: it did not). Never a second container.
 */
import type { PublishContext, ReconcileResult } from '../contract.ts';
import { reconcileContainer } from '../shared/meta-container.ts';
import { threadsFlow } from './container.ts';

export const reconcileThreads = (ctx: PublishContext): Promise<ReconcileResult> =>
  reconcileContainer(threadsFlow, ctx);
