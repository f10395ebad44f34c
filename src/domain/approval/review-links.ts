/**
 * Client review links: a member shares one post, or a profile's upcoming posts,
 * with someone who has no account. The link carries a random 256-bit token; only
 * its sha256 is stored (as for access keys), so the token is shown once, in the
 * answer that created it, and a copy of the database opens no link. A link ends
 * at its expiry or when revoked. Whether the reviewer's decision moves the post
 * is fixed when the link is made: only when its creator could approve then.
 */
import type { AppContext } from '../../context.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import type { Caller } from '../../http/route.ts';
import type { ReviewLinksTable } from '../../store/tables/approval.ts';
import { newCredential } from '../credentials.ts';
import { newId } from '../ids.ts';
import { hashKey } from '../projects/keys.ts';
import { roleAllows } from '../teams/roles.ts';
import { requireVisiblePost } from './scope.ts';

export const LABEL_MAX_LENGTH = 200;

export interface ReviewLinkInput {
  postId?: string;
  profileId?: string;
  /** ISO 8601; or ttlHours; default REVIEW_LINK_TTL_HOURS. */
  expiresAt?: string;
  ttlHours?: number;
  label?: string;
}

export interface ReviewLink {
  id: string;
  postId: string | null;
  profileId: string | null;
  label: string | null;
  createdBy: string;
  /** Whether the reviewer's approve / request changes moves the post (else it is recorded only). */
  canApprove: boolean;
  status: 'active' | 'expired' | 'revoked';
  expiresAt: string;
  revokedAt: string | null;
  createdAt: string;
}

export function toReviewLink(r: ReviewLinksTable, now: Date): ReviewLink {
  return {
    id: r.id,
    postId: r.post_id,
    profileId: r.profile_id,
    label: r.label,
    createdBy: r.created_by,
    canApprove: r.can_approve === 1,
    status: r.revoked_at ? 'revoked' : Date.parse(r.expires_at) <= now.getTime() ? 'expired' : 'active',
    expiresAt: r.expires_at,
    revokedAt: r.revoked_at,
    createdAt: r.created_at,
  };
}

function expiry(ctx: AppContext, input: ReviewLinkInput, now: Date): Date {
  const maxMs = ctx.config.REVIEW_LINK_MAX_TTL_HOURS * 3600_000;
  if (input.expiresAt !== undefined && input.ttlHours !== undefined)
    throw invalid('give either expiresAt or ttlHours, not both');
  let at: number;
  if (input.expiresAt !== undefined) {
    at = Date.parse(input.expiresAt);
    if (Number.isNaN(at) || !/^\d{4}-\d{2}-\d{2}T/.test(input.expiresAt))
      throw invalid(`expiresAt "${input.expiresAt}" is not an ISO 8601 date-time`);
    if (at <= now.getTime()) throw invalid('expiresAt must be in the future');
  } else at = now.getTime() + (input.ttlHours ?? ctx.config.REVIEW_LINK_TTL_HOURS) * 3600_000;
  if (at - now.getTime() > maxMs)
    throw invalid(`a review link may last at most ${ctx.config.REVIEW_LINK_MAX_TTL_HOURS} hours`);
  return new Date(at);
}

export async function createReviewLink(
  ctx: AppContext,
  caller: Pick<Caller, 'projectId' | 'profileIds' | 'actor' | 'role'>,
  input: ReviewLinkInput,
): Promise<{ reviewLink: ReviewLink; url: string; token: string }> {
  if ((input.postId === undefined) === (input.profileId === undefined))
    throw invalid('give exactly one of postId (one post) or profileId (the profile’s upcoming posts)');
  const now = ctx.now();
  const expiresAt = expiry(ctx, input, now);
  if (input.postId !== undefined) await requireVisiblePost(ctx, caller, input.postId);
  if (input.profileId !== undefined) {
    const found = await ctx.store.db
      .selectFrom('profiles')
      .select('id')
      .where('project_id', '=', caller.projectId)
      .where('id', '=', input.profileId)
      .executeTakeFirst();
    if (!found || (caller.profileIds !== null && !caller.profileIds.includes(input.profileId)))
      throw notFound('Profile');
  }
  const token = newCredential('reviewLink');
  const row: ReviewLinksTable = {
    id: newId('rvl'),
    project_id: caller.projectId,
    post_id: input.postId ?? null,
    profile_id: input.profileId ?? null,
    token_hash: hashKey(token),
    label: input.label?.trim() || null,
    created_by: caller.actor,
    can_approve: roleAllows(caller.role, 'publish') ? 1 : 0,
    // The link reaches no further than its creator does.
    profile_ids: caller.profileIds === null ? null : JSON.stringify(caller.profileIds),
    expires_at: expiresAt.toISOString(),
    revoked_at: null,
    created_at: now.toISOString(),
  };
  await ctx.store.db.insertInto('review_links').values(row).execute();
  return { reviewLink: toReviewLink(row, now), url: `${ctx.config.PUBLIC_URL ?? ''}/review/${token}`, token };
}

export async function listReviewLinks(
  ctx: AppContext,
  caller: Pick<Caller, 'projectId' | 'profileIds'>,
  page: { limit: number; offset: number; postId?: string },
): Promise<{ total: number; reviewLinks: ReviewLink[] }> {
  let q = ctx.store.db.selectFrom('review_links').where('project_id', '=', caller.projectId);
  if (page.postId !== undefined) q = q.where('post_id', '=', page.postId);
  const rows = await q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  const now = ctx.now();
  const visible = await visibleLinks(ctx, caller, rows);
  return {
    total: visible.length,
    reviewLinks: visible.slice(page.offset, page.offset + page.limit).map((r) => toReviewLink(r, now)),
  };
}

/** Links of a caller limited to profiles: those of their profiles and of posts they can see. */
async function visibleLinks(
  ctx: AppContext,
  caller: Pick<Caller, 'projectId' | 'profileIds'>,
  rows: ReviewLinksTable[],
): Promise<ReviewLinksTable[]> {
  if (caller.profileIds === null) return rows;
  const out: ReviewLinksTable[] = [];
  for (const r of rows) {
    if (r.profile_id !== null && caller.profileIds.includes(r.profile_id)) out.push(r);
    else if (r.post_id !== null)
      await requireVisiblePost(ctx, caller, r.post_id).then(
        () => out.push(r),
        () => {},
      );
  }
  return out;
}

export async function revokeReviewLink(
  ctx: AppContext,
  caller: Pick<Caller, 'projectId' | 'profileIds'>,
  id: string,
): Promise<ReviewLink> {
  const row = await ctx.store.db
    .selectFrom('review_links')
    .selectAll()
    .where('project_id', '=', caller.projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || (await visibleLinks(ctx, caller, [row])).length === 0) throw notFound('Review link');
  const now = ctx.now();
  if (row.revoked_at) return toReviewLink(row, now);
  const revoked = { ...row, revoked_at: now.toISOString() };
  await ctx.store.db
    .updateTable('review_links')
    .set({ revoked_at: revoked.revoked_at })
    .where('id', '=', id)
    .execute();
  return toReviewLink(revoked, now);
}

/** The link a token opens; 404 for an unknown token, 403 saying why for a revoked or expired one. */
export async function openReviewLink(ctx: AppContext, token: string): Promise<ReviewLinksTable> {
  const row = await ctx.store.db
    .selectFrom('review_links')
    .selectAll()
    .where('token_hash', '=', hashKey(token))
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'This review link does not exist; ask for a new one');
  if (row.revoked_at) throw new AppError('forbidden', 'This review link was revoked; ask for a new one');
  if (Date.parse(row.expires_at) <= ctx.now().getTime())
    throw new AppError('forbidden', `This review link expired at ${row.expires_at}; ask for a new one`);
  return row;
}
