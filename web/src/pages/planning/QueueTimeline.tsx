// The queue as it will go out: its queued posts in order, each at its slot, with the
// empty slots between them. A post moves to another place by dragging it there, or
// by keyboard with "Earlier" and "Later" (it trades places with its neighbour, or
// takes the empty slot next to it), each a reschedule (PATCH /v1/posts/scheduled/{id}).
import { useState } from 'react';
import { api, errorMessage, ok, type Post } from '../../api/client.ts';
import { Loaded, useLoad } from '../../ui.tsx';
import { wallClock } from '../compose/wallClock.ts';
import { isQueued, loadPlanningMarks } from './calendarMarks.ts';
import { queueQuery, slotLabel } from './queues.ts';

type Row = { kind: 'post'; at: string; post: Post } | { kind: 'free'; at: string };

async function loadTimeline(profileId: string | null): Promise<Row[]> {
  const [posts, free, marks] = await Promise.all([
    ok(
      api.GET('/v1/posts', {
        params: {
          query: { status: 'scheduled', sort: 'asc', limit: 100, offset: 0, profileId: profileId ?? 'null' },
        },
      }),
    ),
    ok(api.GET('/v1/queue/slots', { params: { query: { ...queueQuery(profileId), count: 10 } } })),
    loadPlanningMarks(),
  ]);
  const queued = posts.posts.filter((p) => p.scheduledFor && isQueued(p, marks));
  const rows: Row[] = [
    ...queued.map((post) => ({ kind: 'post' as const, at: post.scheduledFor as string, post })),
    ...free.slots.map((s) => ({ kind: 'free' as const, at: s.scheduledFor })),
  ];
  return rows.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

const moveTo = (post: Post, at: string) =>
  ok(
    api.PATCH('/v1/posts/scheduled/{postId}', {
      params: { path: { postId: post.postId } },
      body: { scheduledFor: wallClock(at, post.timezone), timezone: post.timezone },
    }),
  );

export function QueueTimeline(props: { profileId: string | null; version: number }) {
  const rows = useLoad(() => loadTimeline(props.profileId), [props.profileId, props.version]);
  const [message, setMessage] = useState<string | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  /** Puts the post of row `from` at row `to`: a post there takes the mover's slot. */
  const move = async (list: Row[], from: number, to: number) => {
    const a = list[from];
    const b = list[to];
    if (!a || !b || a.kind !== 'post' || from === to) return;
    setBusy(true);
    setMessage(null);
    try {
      // A free slot is taken; a post there trades places (moved out of the way first, so two posts never share a slot).
      if (b.kind === 'post') {
        await moveTo(b.post, a.at);
        await moveTo(a.post, b.at);
      } else await moveTo(a.post, b.at);
      setMessage(`Moved “${a.post.content.slice(0, 40)}” to ${slotLabel(b.at)}.`);
      rows.reload();
    } catch (err) {
      setMessage(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card queue-timeline" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Up next in this queue</h2>
      <Loaded
        load={rows}
        label="the queued posts"
        minHeight={120}
        isEmpty={(d) => d.length === 0}
        empty={<p>Nothing queued and no slots: set the queue’s times below.</p>}
      >
        {(list) => (
          <ol className="timeline">
            {list.map((r, i) =>
              r.kind === 'free' ? (
                <li
                  key={`free-${r.at}`}
                  className="timeline-free"
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={() => dragged !== null && move(list, dragged, i)}
                >
                  <span className="timeline-when">{slotLabel(r.at)}</span> Empty slot
                </li>
              ) : (
                <li
                  key={r.post.postId}
                  className="timeline-post"
                  draggable={!busy}
                  onDragStart={() => setDragged(i)}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={() => dragged !== null && move(list, dragged, i)}
                >
                  <span className="timeline-when">{slotLabel(r.at)}</span>{' '}
                  <span className="timeline-text">{r.post.content || '(no text)'}</span>
                  <span className="post-actions">
                    <button
                      type="button"
                      className="secondary"
                      disabled={busy || i === 0}
                      onClick={() => move(list, i, i - 1)}
                    >
                      Earlier<span className="visually-hidden"> for “{r.post.content.slice(0, 40)}”</span>
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      disabled={busy || i === list.length - 1}
                      onClick={() => move(list, i, i + 1)}
                    >
                      Later<span className="visually-hidden"> for “{r.post.content.slice(0, 40)}”</span>
                    </button>
                  </span>
                </li>
              ),
            )}
          </ol>
        )}
      </Loaded>
      <p role="status" className="action-message">
        {message}
      </p>
    </section>
  );
}
