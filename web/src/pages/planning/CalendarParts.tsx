// The calendar's parts: a post's chip (its time, text, marks and accounts, draggable
// while scheduled), a free queue slot's mark, and the dialog that opens a post's card.
import { useEffect, useRef } from 'react';
import type { Post } from '../../api/client.ts';
import { accountTitle } from '../accounts/AccountLabel.tsx';
import { type Accounts, useAccounts } from '../accounts/useAccounts.ts';
import { PostCard } from '../posts/PostCard.tsx';
import { postStatusWords } from '../wording/statuses.ts';
import { type FreeSlot, isQueued, type PlanningMarks } from './calendarMarks.ts';
import { clockTime } from './calendarTime.ts';

/** When a post shows in the calendar: its scheduled time, else when it was made. */
export const postTime = (p: Post) => new Date(p.scheduledFor ?? p.createdAt);

const accountsOf = (p: Post, accounts: Accounts | null) =>
  [...new Set(p.platforms.map((t) => accountTitle(t.platform, accounts?.get(t.integrationId))))].join(', ');

export function Chip(props: { post: Post; planning: PlanningMarks | null; onOpen: (p: Post) => void }) {
  const p = props.post;
  const accounts = useAccounts();
  const queued = isQueued(p, props.planning);
  const series = p.seriesId !== undefined;
  const draggable = p.status === 'scheduled';
  const time = clockTime(postTime(p));
  const where = accountsOf(p, accounts);
  return (
    <button
      type="button"
      className={`chip chip-${p.status}${queued ? ' chip-queued' : ''}${series ? ' chip-series' : ''}`}
      draggable={draggable}
      data-post-id={p.postId}
      onDragStart={(e) => {
        e.dataTransfer.setData(
          'application/x-post',
          JSON.stringify({ postId: p.postId, at: postTime(p).toISOString() }),
        );
        e.dataTransfer.effectAllowed = 'move';
      }}
      onClick={() => props.onOpen(p)}
      title={`${p.content.slice(0, 120)} (${where})`}
    >
      {/* The name is the chip's own text (what is seen is what a voice command says), and the
          state, marks and accounts for those who do not see the colours. */}
      {queued ? (
        <span className="mark" aria-hidden="true">
          Q
        </span>
      ) : null}
      {series ? (
        <span className="mark" aria-hidden="true">
          ↻
        </span>
      ) : null}
      <span className="chip-time">{time}</span> <span className="chip-text">{p.content || '(no text)'}</span>
      <span className="visually-hidden">
        {' '}
        — {postStatusWords(p.status)}
        {queued ? ', queued' : ''}
        {series ? ', series' : ''} ({where})
      </span>
    </button>
  );
}

export function FreeMark(props: { slot: FreeSlot }) {
  const time = clockTime(props.slot.at);
  return (
    <span className="free-slot" title={`Free queue slot (${props.slot.queue})`}>
      {time} free<span className="visually-hidden"> queue slot, {props.slot.queue}</span>
    </span>
  );
}

export function PostDialog(props: { post: Post; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={ref} className="post-dialog" onClose={props.onClose} aria-label="Post">
      <ul className="post-list">
        <PostCard post={props.post} onChange={() => ref.current?.close()} />
      </ul>
      <button type="button" className="secondary" onClick={() => ref.current?.close()}>
        Close
      </button>
    </dialog>
  );
}
