/**
 * Writing audit entries. Each change writes its entry with the same database
 * handle (transaction) it writes the change with, so an entry exists exactly
 * when its change does. Summaries name what changed, never secrets: callers pass
 * only fields a person may read (names, times, statuses), and values are cut short.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import type { AuditLogTable } from '../../store/tables/audit.ts';
import { newId } from '../ids.ts';
import { type Actor, currentActor } from './actor.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditChange {
  projectId: string;
  /** `<object>.<verb>`: post.created, profile.updated, member.removed ... */
  action: string;
  object: { type: string; id: string; label?: string | null };
  /** For updates: field → [before, after]; otherwise a few facts worth keeping. */
  summary?: Record<string, unknown> | null;
}

const MAX_VALUE_CHARS = 200;

/** The row of one change, by the current actor (or the one given, for work done on someone's behalf). */
export function auditRow(ctx: AppContext, change: AuditChange, actor: Actor = currentActor()): AuditLogTable {
  return {
    id: newId('aud'),
    project_id: change.projectId,
    at: ctx.now().toISOString(),
    actor_kind: actor.kind,
    actor: actor.who,
    address: actor.address,
    action: change.action,
    object_type: change.object.type,
    object_id: change.object.id,
    object_label: change.object.label ?? null,
    summary: change.summary ? JSON.stringify(shorten(change.summary)) : null,
  };
}

/** Records one change with `db`, which should be the transaction that makes the change. */
export async function recordAudit(db: Db, ctx: AppContext, change: AuditChange): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(ctx, change)).execute();
}

/** Fields of `after` that differ from `before`, as field → [before, after]; null when nothing changed. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, [unknown, unknown]> | null {
  const out: Record<string, [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[field]) !== JSON.stringify(value)) out[field] = [before[field] ?? null, value];
  }
  return Object.keys(out).length > 0 ? out : null;
}

function shorten(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS - 1)}…` : value;
  if (Array.isArray(value)) return value.slice(0, 20).map(shorten);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]));
  return value;
}
