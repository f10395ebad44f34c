/**
 * How an audit entry's actor and object read for a person, from the names
 * resolved for the page (names.ts): "access key “scheduler”", "@brand on
 * Instagram", "comment by @brand on Instagram: “Thanks!”", "(removed) int_…".
 */
import type { AuditLogTable } from '../../store/tables/audit.ts';
import { postLabel } from '../posts/post-audit.ts';
import { type AuditName, actorKeyId, engagementAccountOf, kindOfId } from './names.ts';

type Names = ReadonlyMap<string, AuditName>;

export function describeActor(row: AuditLogTable, names: Names): string {
  if (row.actor_kind === 'system') return 'the service';
  if (row.actor_kind === 'cli') return `${row.actor.replace(/^cli:/, '')} (command line)`;
  const keyId = actorKeyId(row);
  if (keyId) {
    const key = names.get(keyId);
    return key && !key.removed ? `access key ${key.displayName}` : `(removed) ${keyId}`;
  }
  return row.actor;
}

export function describeObject(
  row: AuditLogTable,
  summary: Record<string, unknown> | null,
  names: Names,
): { displayName: string; removed: boolean } {
  const own = kindOfId(row.object_id) ? names.get(row.object_id) : undefined;
  if (row.object_type === 'queue')
    return own
      ? { displayName: `the queue of ${own.displayName}`, removed: own.removed }
      : { displayName: row.object_label ?? row.object_id, removed: false };
  if (own) return { displayName: own.displayName, removed: own.removed };
  if (row.object_type === 'comment' || row.object_type === 'message')
    return { displayName: engagementName(row, summary, names), removed: false };
  return { displayName: row.object_label ?? row.object_id, removed: false };
}

/**
 * A comment or message we made reads by its account and the start of its text;
 * one we only moderated (hid, deleted) by its id and the account whose post it was under.
 */
function engagementName(row: AuditLogTable, summary: Record<string, unknown> | null, names: Names): string {
  const accountId = engagementAccountOf(row, summary);
  const account = accountId ? (names.get(accountId)?.displayName ?? `(removed) ${accountId}`) : null;
  const text = typeof summary?.['text'] === 'string' ? postLabel(summary['text']) : null;
  if (row.object_type === 'message') {
    const to = / message to (\S+)$/.exec(row.object_label ?? '')?.[1];
    const parts = [`message${account ? ` by ${account}` : ''}${to ? ` to ${to}` : ''}`];
    return text ? `${parts[0]}: “${text}”` : (parts[0] as string);
  }
  if (text) return `comment${account ? ` by ${account}` : ''}: “${text}”`;
  return `comment ${row.object_id}${account ? ` under a post of ${account}` : ''}`;
}
