/**
 * Who is making the changes of the work in progress, for the audit log. The HTTP
 * server runs each authenticated request inside `actingAs` (the member or key and
 * the caller's address), the CLI runs its commands as the operator; anything
 * else (workers, jobs, the engine) acts as the service itself. Domain code never
 * passes the actor around: it reads it when it writes its change.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type ActorKind = 'member' | 'key' | 'cli' | 'system';

export interface Actor {
  kind: ActorKind;
  /** The member's e-mail, `key:<id>`, `cli:<operator>` or `system`. */
  who: string;
  /** The caller's network address, when there is one. */
  address: string | null;
}

export const SYSTEM_ACTOR: Actor = { kind: 'system', who: 'system', address: null };

const current = new AsyncLocalStorage<Actor>();

export function actingAs<T>(actor: Actor, fn: () => T): T {
  return current.run(actor, fn);
}

/** The actor of the work in progress (the service itself outside any request or command). */
export function currentActor(): Actor {
  return current.getStore() ?? SYSTEM_ACTOR;
}
