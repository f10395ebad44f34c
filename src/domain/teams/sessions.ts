/**
 * Dashboard sessions: an opaque random token in an HttpOnly cookie; the database
 * keeps only its sha256 hash. A session belongs to one membership (one project at
 * a time) and ends after SESSION_IDLE_MINUTES without a request or
 * SESSION_MAX_HOURS after sign-in. Ending sessions (sign-out, sign-out everywhere,
 * removing a member or changing their role, a password reset) adds one to the
 * `session_revocations` counter in the same transaction; every node drops its
 * cached sessions when it sees the counter move (revocable-cache.ts), so the
 * change holds everywhere within a second.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../http/route.ts';
import type { Db } from '../../jobs/enqueue.ts';
import { newCredential } from '../credentials.ts';
import { newId } from '../ids.ts';
import { revocableCache } from '../projects/revocable-cache.ts';
import { parseProfileIds } from './people.ts';
import { isRole, type Role } from './roles.ts';

export const SESSION_COOKIE = 'sps_session';
const TOKEN_PREFIX = 'sess_';
/** last_seen_at is written at most this often per session (not on every request). */
const TOUCH_EVERY_MS = 60_000;

const hashSession = (token: string): string => createHash('sha256').update(token).digest('hex');

interface CachedSession {
  sessionId: string;
  memberId: string;
  personId: string;
  projectId: string;
  email: string;
  role: Role;
  profileIds: readonly string[] | null;
  expiresAt: number;
  lastSeenAt: number;
  hash: Buffer;
}

export const sessionCache = revocableCache<CachedSession>('session_revocations');

export interface NewSession {
  token: string;
  sessionId: string;
  expiresAt: string;
}

/**
 * A new session of the member. `endsBy`: the end of the session it is made from
 * (switching project, accepting an invitation while signed in), so a session never
 * outlives the sign-in that started the chain.
 */
export async function createSession(
  ctx: AppContext,
  db: Db,
  member: { memberId: string; personId: string },
  endsBy?: string,
): Promise<NewSession> {
  const token = newCredential('session');
  const now = ctx.now();
  const fullTerm = new Date(now.getTime() + ctx.config.SESSION_MAX_HOURS * 3_600_000).toISOString();
  const expiresAt = endsBy !== undefined && endsBy < fullTerm ? endsBy : fullTerm;
  const sessionId = newId('ses');
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashSession(token),
      id: sessionId,
      member_id: member.memberId,
      person_id: member.personId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt,
    })
    .execute();
  return { token, sessionId, expiresAt };
}

async function readSession(ctx: AppContext, hash: string): Promise<Omit<CachedSession, 'hash'> | undefined> {
  const row = await ctx.store.db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .innerJoin('people', 'people.id', 'sessions.person_id')
    .select([
      'sessions.id as sessionId',
      'sessions.member_id as memberId',
      'sessions.person_id as personId',
      'sessions.expires_at as expiresAt',
      'sessions.last_seen_at as lastSeenAt',
      'members.project_id as projectId',
      'members.role as role',
      'members.profile_ids as profileIds',
      'people.email as email',
    ])
    .where('sessions.token_hash', '=', hash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    // A role this version does not know gets the least access, never more.
    role: isRole(row.role) ? row.role : 'viewer',
    profileIds: parseProfileIds(row.profileIds),
    expiresAt: Date.parse(row.expiresAt),
    lastSeenAt: Date.parse(row.lastSeenAt),
  };
}

/** The session a cookie's token names, when it is valid now. */
export async function findSession(ctx: AppContext, token: string): Promise<CachedSession | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return null;
  const db = ctx.store.db;
  const hash = hashSession(token);
  const now = ctx.now().getTime();
  const idleMs = ctx.config.SESSION_IDLE_MINUTES * 60_000;
  const cached = await sessionCache.get(db, hash);
  let entry = cached.entry;
  // Another node may have seen the session more recently than this cached copy says: read it again.
  if (!entry || now - entry.lastSeenAt > idleMs) {
    const row = await readSession(ctx, hash);
    if (!row) return null;
    entry = { ...row, hash: Buffer.from(hash, 'hex') };
    sessionCache.remember(db, hash, entry, cached.seen);
  }
  if (!timingSafeEqual(entry.hash, Buffer.from(hash, 'hex'))) return null;
  if (now >= entry.expiresAt || now - entry.lastSeenAt > idleMs) {
    await db.deleteFrom('sessions').where('token_hash', '=', hash).execute();
    sessionCache.forget(db, (e) => e.sessionId === entry.sessionId);
    return null;
  }
  if (now - entry.lastSeenAt > TOUCH_EVERY_MS) {
    entry.lastSeenAt = now;
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now).toISOString() })
      .where('token_hash', '=', hash)
      .execute();
  }
  return entry;
}

/** The Caller of a valid session: the member's role and profiles, their e-mail as the actor. */
export async function authenticateSession(ctx: AppContext, token: string): Promise<Caller | null> {
  const s = await findSession(ctx, token);
  if (!s) return null;
  return {
    projectId: s.projectId,
    keyId: '',
    memberId: s.memberId,
    actor: s.email,
    role: s.role,
    profileIds: s.profileIds,
  };
}

/** Ends sessions matching `where` and tells every node, in the caller's transaction when given. */
async function endSessions(
  ctx: AppContext,
  db: Db,
  where: { tokenHash?: string; personId?: string; memberId?: string; exceptTokenHash?: string },
): Promise<void> {
  let q = db.deleteFrom('sessions');
  if (where.tokenHash) q = q.where('token_hash', '=', where.tokenHash);
  if (where.personId) q = q.where('person_id', '=', where.personId);
  if (where.memberId) q = q.where('member_id', '=', where.memberId);
  if (where.exceptTokenHash) q = q.where('token_hash', '!=', where.exceptTokenHash);
  await q.execute();
  await sessionCache.bump(db);
  sessionCache.forget(
    ctx.store.db,
    (e) =>
      (where.tokenHash === undefined || e.hash.toString('hex') === where.tokenHash) &&
      (where.personId === undefined || e.personId === where.personId) &&
      (where.memberId === undefined || e.memberId === where.memberId) &&
      e.hash.toString('hex') !== where.exceptTokenHash,
  );
}

export const endSession = (ctx: AppContext, db: Db, token: string) =>
  endSessions(ctx, db, { tokenHash: hashSession(token) });

/** Every session of a person (in every project), but the one given (the one that asked, when it stays). */
export const endSessionsOfPerson = (ctx: AppContext, db: Db, personId: string, exceptToken?: string) =>
  endSessions(ctx, db, {
    personId,
    ...(exceptToken ? { exceptTokenHash: hashSession(exceptToken) } : {}),
  });

export const endSessionsOfMember = (ctx: AppContext, db: Db, memberId: string) =>
  endSessions(ctx, db, { memberId });

/**
 * Tells every node that a member's role or profiles changed: their sessions stay,
 * and are read again with the new role on the next request.
 */
export async function refreshSessionsOfMember(ctx: AppContext, db: Db, memberId: string): Promise<void> {
  await sessionCache.bump(db);
  sessionCache.forget(ctx.store.db, (e) => e.memberId === memberId);
}

/** The value of the cookie `name` in a Cookie header, if any. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** The session token the request's cookie carries, if any. */
export const sessionToken = (cookieHeader: string | undefined): string | null =>
  cookieValue(cookieHeader, SESSION_COOKIE);

/** The Set-Cookie value that keeps the session (or, with a null token, clears it). */
export function sessionCookie(ctx: AppContext, session: { token: string; expiresAt: string } | null): string {
  const secure = (ctx.config.PUBLIC_URL ?? '').startsWith('https:') ? '; Secure' : '';
  if (!session) return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
  const maxAge = Math.max(0, Math.floor((Date.parse(session.expiresAt) - ctx.now().getTime()) / 1000));
  return `${SESSION_COOKIE}=${session.token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}
