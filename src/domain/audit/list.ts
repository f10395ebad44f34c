/** Reading the audit log: newest first, filtered by actor, object, action and time, paged by offset. */
import type { AppContext } from '../../context.ts';
import type { AuditLogTable } from '../../store/tables/audit.ts';
import { describeActor, describeObject } from './describe.ts';
import {
  type AuditName,
  actorKeyId,
  engagementAccountOf,
  idsInSummary,
  kindOfId,
  resolveNames,
} from './names.ts';

export interface AuditEntry {
  id: string;
  at: string;
  actor: { kind: string; name: string; address: string | null; displayName: string };
  action: string;
  object: { type: string; id: string; label: string | null; displayName: string; removed: boolean };
  summary: Record<string, unknown> | null;
  /** The ids of ours the summary names (accounts, profiles, posts, keys, members), each named as today. */
  references: Record<string, AuditName>;
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
  return { total: Number(count.n), entries: await namedEntries(ctx, projectId, rows) };
}

/** The page's entries with every id they name resolved, in one batch for the whole page. */
async function namedEntries(
  ctx: AppContext,
  projectId: string,
  rows: AuditLogTable[],
): Promise<AuditEntry[]> {
  const parsed = rows.map((r) => ({
    row: r,
    summary: r.summary ? (JSON.parse(r.summary) as Record<string, unknown>) : null,
  }));
  const ids = new Set<string>();
  for (const { row, summary } of parsed) {
    if (kindOfId(row.object_id)) ids.add(row.object_id);
    if (row.object_type === 'queue' && kindOfId(row.object_id) === 'profile') ids.add(row.object_id);
    const key = actorKeyId(row);
    if (key) ids.add(key);
    const account = engagementAccountOf(row, summary);
    if (account) ids.add(account);
    for (const id of idsInSummary(summary)) ids.add(id);
  }
  const names = await resolveNames(ctx, projectId, ids);
  return parsed.map(({ row, summary }) => {
    const references: Record<string, AuditName> = {};
    for (const id of idsInSummary(summary)) {
      const n = names.get(id);
      if (n) references[id] = n;
    }
    const object = describeObject(row, summary, names);
    return {
      id: row.id,
      at: row.at,
      actor: {
        kind: row.actor_kind,
        name: row.actor,
        address: row.address,
        displayName: describeActor(row, names),
      },
      action: row.action,
      object: { type: row.object_type, id: row.object_id, label: row.object_label, ...object },
      summary,
      references,
    };
  });
}
