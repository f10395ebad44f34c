/** Publishing to Instagram: the shared container flow with Instagram's parameters (container.ts). */
import type { PublishContext, PublishResult } from '../contract.ts';
import { publishContainer } from '../shared/meta-container.ts';
import { instagramFlow } from './container.ts';

export const publishToInstagram = (ctx: PublishContext): Promise<PublishResult> =>
  publishContainer(instagramFlow, ctx);
