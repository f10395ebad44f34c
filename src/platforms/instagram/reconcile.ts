/**
 * After a publish with no known outcome: the container's status says whether it
 * happened (PUBLISHED: the post, found among the account's recent media by its
 * caption; FINISHED, ERROR, EXPIRED: it did not). Never a second container.
 */
import type { PublishContext, ReconcileResult } from '../contract.ts';
import { reconcileContainer } from '../shared/meta-container.ts';
import { instagramFlow } from './container.ts';

export const reconcileInstagram = (ctx: PublishContext): Promise<ReconcileResult> =>
  reconcileContainer(instagramFlow, ctx);
