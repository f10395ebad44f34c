/**
 * Reads the publishing engine's outbox and fans out each event not yet
 * dispatched. Until the outbox table exists this does nothing.
 */
import type { AppContext } from '../context.ts';

export async function dispatchOutbox(_ctx: AppContext): Promise<number> {
  return 0;
}
