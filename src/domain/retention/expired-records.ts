/**
 * The retention rules of the records that end by themselves: sign-in sessions,
 * account tokens (invitations, password resets, OpenID Connect starts), lapsed
 * sign-in failure counts, review links, announce-once event keys, OAuth states,
 * selection tokens, hosted connect sessions, platform outcome counters,
 * idempotency keys and rate-limit windows. Each table's rule in words is declared
 * beside its row types (src/store/tables/*.ts); this is what carries them out.
 *
 * One recurring job runs them all (sweep_expired_records), in maintenance scope,
 * every rule deleting in chunks (deleteInChunks). A row is kept a little past the
 * moment it stops working (a day for tokens): an answer that names it ("this link
 * has expired") stays right for a while, and clocks of several nodes may differ.
 */

import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import { defineRecurringJob } from '../../jobs/recurring.ts';
import { deleteInChunks } from '../../store/retention.ts';
import type { Database } from '../../store/schema.ts';
import { KEY_TTL_MS } from '../posts/idempotency.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** What expired (or was used) this long ago goes: answers that name it stay right for a day. */
const GRACE_MS = DAY_MS;
/** Revoked and expired review links stay listed, as such, for this long. */
export const REVIEW_LINK_KEEP_MS = 30 * DAY_MS;
/**
 * A session's last use is written at most once a minute (src/domain/teams/sessions.ts):
 * the stored time may be that much behind the one the node that served it holds.
 */
const LAST_SEEN_LAG_MS = 2 * MINUTE_MS;
/**
 * An event key of a token expiry names an expiry that was at most
 * ACCOUNT_TOKEN_EXPIRY_WARNING_DAYS (365 at most) ahead when it was written; once
 * that expiry is past it is never looked at again. One of a comment is looked at
 * while its post is polled (ENGAGEMENT_POLL_WINDOW_DAYS, 90 at most, from
 * publishing) or when Meta pushes it. A message key stays: the poll asks whether a
 * conversation's last message was announced however old it is.
 */
const EVENT_KEY_KEEP_MS = 366 * DAY_MS;
/** Platform outcome counters older than this are read by nothing (the health window is shorter). */
const OUTCOME_KEEP_MINUTES = 2 * 1440;

export interface SweepOptions {
  now: Date;
  config: Readonly<Config>;
  chunk?: number;
  signal?: AbortSignal | undefined;
}

/** Rows removed per table by one sweep. */
export type SweepCounts = Record<string, number>;

interface Rule {
  table: keyof Database & string;
  key: readonly string[];
  where: (o: SweepOptions) => ReturnType<typeof sql>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const ago = (o: SweepOptions, ms: number) => iso(o.now.getTime() - ms);

/** In order: a child table before the rows it belongs to. */
const RULES: readonly Rule[] = [
  {
    table: 'sessions',
    key: ['token_hash'],
    where: (o) =>
      sql`expires_at < ${o.now.toISOString()} or last_seen_at < ${ago(o, o.config.SESSION_IDLE_MINUTES * MINUTE_MS + LAST_SEEN_LAG_MS)}`,
  },
  {
    table: 'account_tokens',
    key: ['token_hash'],
    where: (o) => sql`expires_at < ${ago(o, GRACE_MS)} or used_at < ${ago(o, GRACE_MS)}`,
  },
  {
    table: 'sign_in_failures',
    key: ['subject'],
    where: (o) =>
      sql`last_failure_at < ${ago(o, o.config.SIGNIN_LOCK_MINUTES * MINUTE_MS)} and (locked_until is null or locked_until < ${o.now.toISOString()})`,
  },
  {
    table: 'review_links',
    key: ['id'],
    where: (o) =>
      sql`expires_at < ${ago(o, REVIEW_LINK_KEEP_MS)} or revoked_at < ${ago(o, REVIEW_LINK_KEEP_MS)}`,
  },
  {
    table: 'event_keys',
    key: ['key'],
    where: (o) => sql`created_at < ${ago(o, EVENT_KEY_KEEP_MS)} and key not like 'message:%'`,
  },
  { table: 'oauth_states', key: ['id'], where: (o) => sql`expires_at < ${ago(o, GRACE_MS)}` },
  { table: 'selection_tokens', key: ['id'], where: (o) => sql`expires_at < ${ago(o, GRACE_MS)}` },
  {
    table: 'connect_session_integrations',
    key: ['session_id', 'integration_id'],
    where: (o) => sql`session_id in (select id from connect_sessions where expires_at < ${ago(o, GRACE_MS)})`,
  },
  { table: 'connect_sessions', key: ['id'], where: (o) => sql`expires_at < ${ago(o, GRACE_MS)}` },
  {
    table: 'platform_outcomes',
    key: ['minute', 'platform'],
    where: (o) => sql`minute < ${Math.floor(o.now.getTime() / MINUTE_MS) - OUTCOME_KEEP_MINUTES}`,
  },
  {
    table: 'idempotency_keys',
    key: ['project_id', 'key'],
    where: (o) => sql`created_at < ${ago(o, KEY_TTL_MS)}`,
  },
  {
    table: 'rate_limits',
    key: ['key'],
    // window_start is in ms; a window ends RATE_LIMIT_WINDOW_MS after it starts.
    where: (o) =>
      sql`window_start < ${o.now.getTime() - Math.max(DAY_MS, 2 * o.config.RATE_LIMIT_WINDOW_MS)}`,
  },
];

/** The tables this sweep keeps bounded (their declarations name sweep_expired_records). */
export const SWEPT_TABLES: readonly string[] = RULES.map((r) => r.table);

/** One sweep of every rule; answers what went, per table. */
export async function sweepExpiredRecords(db: Kysely<Database>, o: SweepOptions): Promise<SweepCounts> {
  const counts: SweepCounts = {};
  for (const rule of RULES) {
    if (o.signal?.aborted) break;
    counts[rule.table] = await deleteInChunks(db, {
      table: rule.table,
      key: rule.key,
      where: rule.where(o),
      chunk: o.chunk,
      signal: o.signal,
    });
  }
  return counts;
}

export const expiredRecordsRetentionJob = defineRecurringJob({
  kind: 'sweep_expired_records',
  timeoutMs: 10 * MINUTE_MS,
  everyMs: () => 15 * MINUTE_MS,
  firstRunAfterMs: () => 2 * MINUTE_MS,
  maintenance: true,
  async run(ctx, signal) {
    const counts = await sweepExpiredRecords(ctx.store.db, { now: ctx.now(), config: ctx.config, signal });
    const removed = Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
    if (Object.keys(removed).length > 0) ctx.log.info({ removed }, 'removed records past their keeping time');
  },
});
