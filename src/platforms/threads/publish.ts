/** Publishing to Threads: the shared container flow with Threads' parameters (container.ts). */
import type { PublishContext, PublishResult } from '../contract.ts';
import { publishContainer } from '../shared/meta-container.ts';
import { threadsFlow } from './container.ts';

export const publishToThreads = (ctx: PublishContext): Promise<PublishResult> =>
  publishContainer(threadsFlow, ctx);
