/**
 * Names for the audit log, as a person knows each thing today: an account by its
 * handle and platform ("@brand on Instagram"), a post by the start of its text, an
 * access key by its name, a member by their e-mail, a profile by its name, and a
 * comment or message we made by its account and the start of its text.
 *
 * The label written with an entry is what the thing was called then; these are
 * read when the log is read, so a renamed profile shows its name of today and a
 * removed account reads "(removed) int_…". One page of entries costs one query
 * per kind of thing it names (never one per entry), each limited to the project:
 * another project's ids are never resolved, they read as removed.
 */
import type { AppContext } from '../../context.ts';
import { isPlatform } from '../../platforms/names.ts';
import type { AuditLogTable } from '../../store/tables/audit.ts';
import { postLabel } from '../posts/post-audit.ts';

export type NamedKind = 'integration' | 'post' | 'key' | 'member' | 'profile';

export interface AuditName {
  /** The kind of thing: integration, post, key, member, profile. */
  type: NamedKind;
  displayName: string;
  /** True when nothing of that id is in the project (any more). */
  removed: boolean;
}

/** Which kind an id is, by the prefix every id of ours carries. */
const PREFIXES: Record<string, NamedKind> = {
  int: 'integration',
  post: 'post',
  key: 'key',
  mem: 'member',
  prof: 'profile',
};

export function kindOfId(id: string): NamedKind | null {
  const m = /^([a-z]+)_[0-9a-z_]{6,}$/.exec(id);
  return (m && PREFIXES[m[1] as string]) ?? null;
}

/** Fields holding what people wrote: never read as ids, whatever they look like. */
const FREE_TEXT = new Set(['text', 'content', 'name', 'description', 'title']);

/** The ids of ours a summary names: its strings, in arrays and before/after pairs, one level down. */
export function idsInSummary(summary: Record<string, unknown> | null): string[] {
  if (!summary) return [];
  const out: string[] = [];
  const visit = (v: unknown, depth: number) => {
    if (typeof v === 'string') {
      if (kindOfId(v)) out.push(v);
    } else if (Array.isArray(v) && depth < 3) for (const x of v) visit(x, depth + 1);
  };
  for (const [field, v] of Object.entries(summary)) if (!FREE_TEXT.has(field)) visit(v, 0);
  return out;
}

/** The key id of a `key:<id>` actor. */
export const actorKeyId = (row: Pick<AuditLogTable, 'actor_kind' | 'actor'>): string | null =>
  row.actor_kind === 'key' && row.actor.startsWith('key:') ? row.actor.slice(4) : null;

/**
 * The account a comment entry was made with: `accountId` of its summary, or, in
 * entries written before the summary carried it, the id its label ends with
 * (`instagram comment on account int_…`).
 */
export function engagementAccountOf(
  row: Pick<AuditLogTable, 'object_type' | 'object_label'>,
  summary: Record<string, unknown> | null,
): string | null {
  if (row.object_type !== 'comment' && row.object_type !== 'message') return null;
  const given = summary?.['accountId'];
  if (typeof given === 'string' && kindOfId(given) === 'integration') return given;
  const m = / on account (int_[0-9a-z_]+)$/.exec(row.object_label ?? '');
  return m?.[1] ?? null;
}

const removedName = (type: NamedKind, id: string): AuditName => ({
  type,
  displayName: `(removed) ${id}`,
  removed: true,
});

/** `@brand on Instagram`; an account without a handle by its display name. */
export function accountName(
  ctx: AppContext,
  row: { platform: string; username: string | null; display_name: string | null },
): string {
  const platform = isPlatform(row.platform) ? ctx.platforms[row.platform].displayName : row.platform;
  const handle = row.username ? `@${row.username.replace(/^@+/, '')}` : (row.display_name ?? 'an account');
  return `${handle} on ${platform}`;
}

/** Resolves `ids` (of any kind of ours) in the project: one query per kind present. */
export async function resolveNames(
  ctx: AppContext,
  projectId: string,
  ids: Iterable<string>,
): Promise<Map<string, AuditName>> {
  const byKind = new Map<NamedKind, Set<string>>();
  for (const id of ids) {
    const kind = kindOfId(id);
    if (!kind) continue;
    const set = byKind.get(kind) ?? new Set<string>();
    set.add(id);
    byKind.set(kind, set);
  }
  const found = new Map<string, AuditName>();
  const name = (type: NamedKind, id: string, displayName: string) =>
    found.set(id, { type, displayName, removed: false });
  const db = ctx.store.db;
  const reads: Promise<void>[] = [];
  const wanted = (kind: NamedKind) => [...(byKind.get(kind) ?? [])];
  const integrations = wanted('integration');
  if (integrations.length)
    reads.push(
      db
        .selectFrom('integrations')
        .select(['id', 'platform', 'username', 'display_name'])
        .where('project_id', '=', projectId)
        .where('id', 'in', integrations)
        .execute()
        .then((rows) => {
          for (const r of rows) name('integration', r.id, accountName(ctx, r));
        }),
    );
  const posts = wanted('post');
  if (posts.length)
    reads.push(
      db
        .selectFrom('posts')
        .select(['id', 'content'])
        .where('project_id', '=', projectId)
        .where('id', 'in', posts)
        .execute()
        .then((rows) => {
          for (const r of rows) {
            const text = postLabel(r.content);
            name('post', r.id, text ? `“${text}”` : `a post without text (${r.id})`);
          }
        }),
    );
  const keys = wanted('key');
  if (keys.length)
    reads.push(
      db
        .selectFrom('access_keys')
        .select(['id', 'name', 'revoked_at'])
        .where('project_id', '=', projectId)
        .where('id', 'in', keys)
        .execute()
        .then((rows) => {
          for (const r of rows)
            name(
              'key',
              r.id,
              `${r.name ? `“${r.name}”` : `unnamed key ${r.id}`}${r.revoked_at ? ' (revoked)' : ''}`,
            );
        }),
    );
  const members = wanted('member');
  if (members.length)
    reads.push(
      db
        .selectFrom('members')
        .innerJoin('people', 'people.id', 'members.person_id')
        .select(['members.id as id', 'people.email as email'])
        .where('members.project_id', '=', projectId)
        .where('members.id', 'in', members)
        .execute()
        .then((rows) => {
          for (const r of rows) name('member', r.id, r.email);
        }),
    );
  const profiles = wanted('profile');
  if (profiles.length)
    reads.push(
      db
        .selectFrom('profiles')
        .select(['id', 'name'])
        .where('project_id', '=', projectId)
        .where('id', 'in', profiles)
        .execute()
        .then((rows) => {
          for (const r of rows) name('profile', r.id, r.name);
        }),
    );
  await Promise.all(reads);
  for (const [kind, set] of byKind)
    for (const id of set) if (!found.has(id)) found.set(id, removedName(kind, id));
  return found;
}
