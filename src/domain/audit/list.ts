/** Reading the audit log: newest first, filtered by actor, object, action and time, paged by offset. */
import type { AppContext } from '../../context.ts';
import type { AuditLogTable } from '../../store/tables/audit.ts';

export interface AuditEntry {
  id: string;
  at: string;
  actor: { kind: string; name: string; address: string | null };
  action: string;
  object: { type: string; id: string; label: string | null };
  summary: Record<string, unknown> | null;
}

export interface AuditQuery {
  limit: number;
  offset: number;
  /** The actor exactly as shown: a member's e-mail, `key:<id>`, `cli:<operator>` or `system`. */
  actor?: string | undefined;
  /** An object id (post, profile, integration ...). */
  objectId?: string | undefined;
  /** An action (`post.created`) or a family of actions (`post.`). */
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export async function listAudit(
  ctx: AppContext,
  projectId: string,
  q: AuditQuery,
): Promise<{ total: number; entries: AuditEntry[] }> {
  let query = ctx.store.db.selectFrom('audit_log').where('project_id', '=', projectId);
  if (q.actor) query = query.where('actor', '=', q.actor);
  if (q.objectId) query = query.where('object_id', '=', q.objectId);
  if (q.action)
    query = q.action.endsWith('.')
      ? query.where('action', '>=', q.action).where('action', '<', `${q.action}\uffff`)
      : query.where('action', '=', q.action);
  if (q.from) query = query.where('at', '>=', new Date(q.from).toISOString());
  if (q.to) query = query.where('at', '<', new Date(q.to).toISOString());
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), entries: rows.map(toEntry) };
}

function toEntry(r: AuditLogTable): AuditEntry {
  return {
    id: r.id,
    at: r.at,
    actor: { kind: r.actor_kind, name: r.actor, address: r.address },
    action: r.action,
    object: { type: r.object_type, id: r.object_id, label: r.object_label },
    summary: r.summary ? (JSON.parse(r.summary) as Record<string, unknown>) : null,
  };
}
