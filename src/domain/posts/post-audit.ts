/**
 * How changes to posts read in the audit log: the post's id and the start of its
 * text (what a person recognizes it by), and the facts of the change.
 */
import type { AuditChange } from '../audit/record.ts';

const LABEL_CHARS = 60;

export function postLabel(content: string | null): string {
  const text = (content ?? '').replace(/\s+/g, ' ').trim();
  return text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text;
}

export function postAuditChange(
  post: { id: string; project_id: string; content: string | null },
  action: string,
  summary: Record<string, unknown> | null = null,
): AuditChange {
  return {
    projectId: post.project_id,
    action,
    object: { type: 'post', id: post.id, label: postLabel(post.content) },
    summary,
  };
}
