/**
 * Comments (Facebook, Instagram) and replies (Threads) on the simulator: one store
 * per platform (`sim.state.collection(platform, 'comments')`), Graph's cursor
 * paging (`paging.cursors.after` + `paging.next`), nested field expansion
 * (`replies{id,text}`, `messages.limit(1){...}`), and the refusals the three share:
 * an object that does not exist or is not the token's account's is 100/33 (Meta
 * does not tell the two apart), a missing permission is code 10 naming it.
 *
 * Tests add what other people write with `addComment(sim, platform, {...})`, and
 * sandbox users with `POST /_sim/comments`: the account's own comments come through
 * the platform's real create endpoints.
 */
import type { Platform } from '../../../facts/platforms.ts';
// Core modules only (not ../../index.ts): the control API (core/control.ts) adds comments through this file.
import { authOf, json, type SimRequest, type SimResponse } from '../../core/http.ts';
import { numericId } from '../../core/ids.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { metaError } from './meta.ts';
import { pushComment } from './meta-webhooks.ts';

export interface SimComment {
  id: string;
  /** The account whose post this is under (Facebook: the Page id): it may moderate it. */
  owner: string;
  postId: string;
  /** The comment this one replies to; null for a top-level comment. */
  parentId: string | null;
  text: string;
  author: { id: string; name: string };
  /** ms on the simulator clock. */
  createdAt: number;
  likeCount: number;
  hidden: boolean;
  deleted: boolean;
}

export const commentStore = (sim: Simulator, platform: Platform) =>
  sim.state.collection<SimComment>(platform, 'comments');

/** The account an id belongs to: a live post's, or a live comment's owner; undefined when unknown. */
export function ownerOf(sim: Simulator, platform: Platform, id: string): string | undefined {
  const post = sim.state.getPost(platform, id);
  if (post && !post.deleted) return post.accountId;
  const c = commentStore(sim, platform).get(id);
  return c && !c.deleted ? c.owner : undefined;
}

/**
 * Adds a comment by someone else (or by `author`) under a post or, with
 * `parentId`, under a comment; answers it. Throws when the post or comment is unknown.
 */
export function addComment(
  sim: Simulator,
  platform: Platform,
  c: {
    postId?: string;
    parentId?: string;
    text: string;
    author?: { id: string; name: string };
    likeCount?: number;
    hidden?: boolean;
    at?: number;
  },
): SimComment {
  const store = commentStore(sim, platform);
  const parent = c.parentId ? store.get(c.parentId) : undefined;
  if (c.parentId && (!parent || parent.deleted)) throw new Error(`no ${platform} comment ${c.parentId}`);
  const postId = parent?.postId ?? c.postId ?? '';
  const owner = parent?.owner ?? ownerOf(sim, platform, postId);
  if (!owner) throw new Error(`no ${platform} post ${postId}`);
  const comment: SimComment = {
    id: platform === 'facebook' ? `${postId.split('_').at(-1)}_${numericId(16)}` : numericId(17),
    owner,
    postId,
    parentId: parent?.id ?? null,
    text: c.text,
    author: c.author ?? { id: numericId(17), name: `fan_${store.size + 1}` },
    createdAt: c.at ?? sim.clock.now(),
    likeCount: c.likeCount ?? 0,
    hidden: c.hidden ?? false,
    deleted: false,
  };
  store.set(comment.id, comment);
  // Meta tells the app's webhook callback, if one is registered (meta-webhooks.ts).
  if (platform === 'facebook' || platform === 'instagram' || platform === 'threads')
    pushComment(sim, platform, comment);
  return comment;
}

/** Live comments under `parentId` (a post id for top-level, a comment id for replies), oldest first. */
export function commentsUnder(sim: Simulator, platform: Platform, postOrComment: string, topLevel: boolean) {
  return [...commentStore(sim, platform).values()]
    .filter(
      (c) =>
        !c.deleted && (topLevel ? c.postId === postOrComment && !c.parentId : c.parentId === postOrComment),
    )
    .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

export const notFoundObject = (id: string, verb = 'get'): SimResponse =>
  metaError({
    message: `Unsupported ${verb} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    code: 100,
    error_subcode: 33,
  });

/** Code 10 naming the permission, unless the token carries one of `scopes`. */
export function needPermission(req: SimRequest, ...scopes: string[]): SimResponse | undefined {
  const granted = authOf(req).token.scopes;
  if (scopes.some((s) => granted.includes(s))) return undefined;
  return metaError({
    message: `(#10) This endpoint requires the '${scopes[0]}' permission.`,
    code: 10,
  });
}

// ---- paging -----------------------------------------------------------------------

interface Keyed {
  id: string;
  createdAt: number;
}

const cursorOf = (item: Keyed) => Buffer.from(`${item.createdAt}:${item.id}`).toString('base64url');

/**
 * One page of `items` (already in answer order) after the cursor `after`, with
 * Graph's `paging`; a cursor that does not decode is 100 "invalid cursor".
 */
export function graphPage<T extends Keyed>(
  sim: Simulator,
  req: SimRequest,
  platform: Platform,
  items: T[],
  limit: number,
  after: string | undefined,
): { page: T[]; paging: Record<string, unknown> } | { error: SimResponse } {
  let start = 0;
  if (after) {
    const [at, id] = Buffer.from(after, 'base64url').toString().split(':');
    const i = items.findIndex((x) => cursorOf(x) === after);
    if (!id || !Number.isFinite(Number(at)))
      return { error: metaError({ message: '(#100) Invalid cursor: after', code: 100 }) };
    // A deleted anchor: continue with what came after it in the order (by time, then id).
    start = i >= 0 ? i + 1 : items.findIndex((x) => isAfter(items, x, Number(at), id));
    if (start < 0) start = items.length;
  }
  const page = items.slice(start, start + limit);
  const more = start + limit < items.length;
  const last = page.at(-1);
  const paging: Record<string, unknown> = last
    ? { cursors: { before: cursorOf(page[0] as T), after: cursorOf(last) } }
    : {};
  if (more && last) {
    const next = new URL(`${sim.baseUrl(platform)}${req.path}`);
    for (const [k, v] of Object.entries(req.query)) if (k !== 'access_token') next.searchParams.set(k, v);
    next.searchParams.set('after', cursorOf(last));
    paging.next = next.toString();
  }
  return { page, paging };
}

/** Whether `x` comes after the (deleted) anchor at `at`/`id` in the items' order (newest or oldest first). */
function isAfter(items: Keyed[], x: Keyed, at: number, id: string): boolean {
  const newestFirst = items.length > 1 && (items[0] as Keyed).createdAt > (items.at(-1) as Keyed).createdAt;
  const cmp = x.createdAt - at || x.id.localeCompare(id);
  return newestFirst ? cmp < 0 : cmp > 0;
}

/** A page size parameter within 1..max (Graph's default 25). */
export const limitParam = (v: string | undefined, max: number): number => {
  const n = Number(v ?? 25);
  return Number.isFinite(n) && n >= 1 ? Math.min(max, Math.trunc(n)) : 25;
};

// ---- fields -------------------------------------------------------------------------

export interface FieldSpec {
  name: string;
  limit?: number;
  sub?: FieldSpec[];
}

/** Graph's `fields`: `a,b,c{d,e},f.limit(1){g}` as a tree. */
export function parseFields(fields: string | undefined): FieldSpec[] {
  if (!fields) return [];
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of fields) {
    if (ch === '{' || ch === '(') depth++;
    if (ch === '}' || ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  return parts
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const m = /^([a-z_]+)(?:\.limit\((\d+)\))?(?:\{(.*)\})?$/s.exec(p);
      if (!m) return { name: p };
      return {
        name: m[1] as string,
        ...(m[2] ? { limit: Number(m[2]) } : {}),
        ...(m[3] !== undefined ? { sub: parseFields(m[3]) } : {}),
      };
    });
}

/** Only the requested fields of `all` (plus `id`, which Graph always returns). */
export function selectFields(all: Record<string, unknown>, fields: FieldSpec[]): Record<string, unknown> {
  const want = new Set(fields.map((f) => f.name));
  return Object.fromEntries(
    Object.entries(all).filter(([k, v]) => v !== undefined && (k === 'id' || want.has(k))),
  );
}

/** `2026-11-24T13:00:00+0000`. */
export const graphTimeOf = (ms: number): string => new Date(ms).toISOString().replace(/\.\d+Z$/, '+0000');

export const ok = () => json(200, { success: true });
