/**
 * Internal notes on a post, for the project's callers only (members and keys):
 * who wrote it, when, the text. They share one list with the post's approval
 * history (history.ts), so a discussion reads in order with the decisions. Only
 * a note's author may delete it, and only notes (not history lines).
 */
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import type { PostNotesTable } from '../../store/tables/approval.ts';
import { historyRow } from './history.ts';

export const NOTE_MAX_LENGTH = 2000;

export interface Note {
  id: string;
  /** note, or an approval step: submitted, approved, changes_requested, review_approved, review_changes_requested. */
  kind: string;
  /** A member's e-mail, `key:<id>` for an access key, or the name a reviewer gave. */
  author: string;
  /** Set when a reviewer wrote it through a client review link. */
  reviewLinkId: string | null;
  text: string;
  createdAt: string;
}

const toNote = (r: PostNotesTable): Note => ({
  id: r.id,
  kind: r.kind,
  author: r.author,
  reviewLinkId: r.review_link_id,
  text: r.text,
  createdAt: r.created_at,
});

export async function listNotes(ctx: AppContext, projectId: string, postId: string): Promise<Note[]> {
  const rows = await ctx.store.db
    .selectFrom('post_notes')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('post_id', '=', postId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toNote);
}

export async function addNote(
  ctx: AppContext,
  caller: { projectId: string; actor: string },
  postId: string,
  text: string,
): Promise<Note> {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw new AppError('invalid', 'text must not be empty');
  const row = historyRow(ctx, { id: postId, project_id: caller.projectId }, 'note', caller.actor, trimmed);
  await ctx.store.db.insertInto('post_notes').values(row).execute();
  return toNote(row);
}

export async function deleteNote(
  ctx: AppContext,
  caller: { projectId: string; actor: string },
  postId: string,
  noteId: string,
): Promise<void> {
  const row = await ctx.store.db
    .selectFrom('post_notes')
    .selectAll()
    .where('project_id', '=', caller.projectId)
    .where('post_id', '=', postId)
    .where('id', '=', noteId)
    .executeTakeFirst();
  if (!row) throw notFound('Note');
  if (row.kind !== 'note')
    throw new AppError(
      'forbidden',
      'This is a line of the approval history, which is kept; only notes can be deleted',
    );
  if (row.author !== caller.actor)
    throw new AppError('forbidden', `Only the note's author (${row.author}) can delete it`);
  await ctx.store.db.deleteFrom('post_notes').where('id', '=', noteId).execute();
}
