/**
 * The inbound capability of a platform module: what the platform pushes to the
 * service by its own webhooks (Meta's for Facebook Pages, Instagram and
 * Threads), read into comments and messages of the accounts they concern. The
 * service checks the push's signature before it asks a module; a module answers
 * only the items of a payload shaped as its platform sends them (none for
 * another platform's payload), and leaves out what it does not announce
 * (edits, deletions, the account's own echoes).
 */
import type { Author } from './engagement.ts';

export interface InboundComment {
  kind: 'comment';
  /** The platform's id of the account the post belongs to (Page id, IG professional account id, Threads user id). */
  accountId: string;
  platformPostId: string;
  commentId: string;
  /** The comment this one answers; null for a top-level comment. */
  parentId: string | null;
  text: string | null;
  author: Author;
  /** ISO 8601 UTC. */
  timestamp: string;
}

export interface InboundMessage {
  kind: 'message';
  /** The account that received the message. */
  accountId: string;
  messageId: string;
  conversationId: string | null;
  text: string | null;
  from: Author;
  timestamp: string;
}

export type InboundItem = InboundComment | InboundMessage;

export interface PlatformInbound {
  /** The items of one webhook body (already parsed JSON); [] when it is not this platform's. */
  parse(body: unknown): InboundItem[];
}

// ---- helpers the Meta family's parsers share ----------------------------------------

export const obj = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const str = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;

/** Meta sends times as unix seconds, unix milliseconds or ISO strings (with +0000). */
export function isoTime(v: unknown, fallback: number): string {
  if (typeof v === 'number' && Number.isFinite(v)) return new Date(v < 1e12 ? v * 1000 : v).toISOString();
  if (typeof v === 'string') {
    const t = Date.parse(v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    if (Number.isFinite(t)) return new Date(t).toISOString();
  }
  return new Date(fallback).toISOString();
}
