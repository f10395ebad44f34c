// Scheduled and published posts by week or month, in the person's own time zone.
// A scheduled post can be dragged to another slot (PATCH /v1/posts/scheduled/{id}
// reschedules it) or opened to edit or cancel. The free slots of the posting queues
// are shown lightly, and queued posts and posts of a recurring series are marked.
// ?date=YYYY-MM-DD opens on that day's week (Compose sends a queued post's slot);
// ?view=month keeps the month view across reloads, bookmarks and the back button.
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { api, ok, type Post } from '../../api/client.ts';
import { navigate, useLocation } from '../../router.ts';
import { formatTime, Loaded, PageHeader, unsettled, useLoad, useRefresh } from '../../ui.tsx';
import { BrandFilter, useBrand } from '../accounts/BrandFilter.tsx';
import { Chip, FreeMark, PostDialog, postTime } from './CalendarParts.tsx';
import { type FreeSlot, loadPlanningMarks, type PlanningMarks } from './calendarMarks.ts';
import { hourLabel } from './calendarTime.ts';

type View = 'week' | 'month';
const DAY = 86400_000;

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
/** Weeks start on Monday. */
const startOfWeek = (d: Date) => {
  const s = startOfDay(d);
  return new Date(s.getFullYear(), s.getMonth(), s.getDate() - ((s.getDay() + 6) % 7));
};
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();
const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;

/** When a post sits on the calendar (planning/CalendarParts.tsx, where its chip is drawn). */
export { postTime };

/** The visible range: a week, or the whole weeks that cover a month. */
function range(view: View, anchor: Date): { start: Date; days: number } {
  if (view === 'week') return { start: startOfWeek(anchor), days: 7 };
  const first = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
  const last = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0);
  const start = startOfWeek(first);
  const days = Math.round((addDays(startOfWeek(last), 7).getTime() - start.getTime()) / DAY);
  return { start, days };
}

async function postsBetween(start: Date, end: Date, profileId: string): Promise<Post[]> {
  const bounds = { limit: 100, offset: 0, sort: 'asc' as const, ...(profileId ? { profileId } : {}) };
  const [scheduled, created] = await Promise.all([
    ok(
      api.GET('/v1/posts', {
        params: {
          query: { ...bounds, scheduledAfter: start.toISOString(), scheduledBefore: end.toISOString() },
        },
      }),
    ),
    ok(
      api.GET('/v1/posts', {
        params: { query: { ...bounds, createdAfter: start.toISOString(), createdBefore: end.toISOString() } },
      }),
    ),
  ]);
  const all = new Map<string, Post>();
  for (const p of [...scheduled.posts, ...created.posts]) {
    const t = postTime(p);
    if (t >= start && t < end && p.status !== 'draft') all.set(p.postId, p);
  }
  return [...all.values()].sort((a, b) => postTime(a).getTime() - postTime(b).getTime());
}

/** The day ?date= names, else today. */
function initialDay(date: string | null): Date {
  const m = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : startOfDay(new Date());
}

export default function Calendar() {
  const here = useLocation();
  const date = here.searchParams.get('date');
  const view: View = here.searchParams.get('view') === 'month' ? 'month' : 'week';
  const setView = (next: View) => {
    const q = new URLSearchParams(here.searchParams);
    if (next === 'month') q.set('view', 'month');
    else q.delete('view');
    const search = q.toString();
    navigate(`/calendar${search ? `?${search}` : ''}`, { replace: true });
  };
  const [anchor, setAnchor] = useState(() => initialDay(date));
  // A new ?date (another queued post) moves the calendar.
  useEffect(() => setAnchor(initialDay(date)), [date]);
  const [open, setOpen] = useState<Post | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const { start, days } = range(view, anchor);
  const end = addDays(start, days);
  const brand = useBrand();
  const posts = useLoad(() => postsBetween(start, end, brand), [start.getTime(), days, brand]);
  useRefresh(posts.reload, posts.state === 'ready' && unsettled(posts.data));
  // The queues only add marks: without them the calendar still shows every post.
  const marks = useLoad(loadPlanningMarks, []);
  const planning = marks.state === 'ready' ? marks.data : null;
  const free = (planning?.free ?? []).filter((f) => f.at >= start && f.at < end);

  const move = async (postId: string, to: Date) => {
    setMessage(null);
    const res = await api.PATCH('/v1/posts/scheduled/{postId}', {
      params: { path: { postId } },
      body: { scheduledFor: to.toISOString() },
    });
    if (res.error)
      setMessage(`Could not reschedule: ${(res.error as { message?: string }).message ?? 'error'}`);
    else setMessage(`Rescheduled to ${formatTime(to.toISOString())}.`);
    posts.reload();
    marks.reload();
  };

  const step = (n: number) =>
    setAnchor(
      view === 'week' ? addDays(anchor, 7 * n) : new Date(anchor.getFullYear(), anchor.getMonth() + n, 1),
    );
  const title =
    view === 'week'
      ? `Week of ${start.toLocaleDateString(undefined, { dateStyle: 'medium' })}`
      : anchor.toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
  return (
    <>
      <PageHeader title="Calendar">
        <fieldset className="segmented">
          <legend className="visually-hidden">View</legend>
          <button type="button" aria-pressed={view === 'week'} onClick={() => setView('week')}>
            Week
          </button>
          <button type="button" aria-pressed={view === 'month'} onClick={() => setView('month')}>
            Month
          </button>
        </fieldset>
      </PageHeader>
      <BrandFilter />
      <div className="calendar-nav">
        <button type="button" onClick={() => step(-1)}>
          <span aria-hidden="true">←</span> Previous
        </button>
        <h2 aria-live="polite">{title}</h2>
        <button type="button" onClick={() => setAnchor(startOfDay(new Date()))}>
          Today
        </button>
        <button type="button" onClick={() => step(1)}>
          Next <span aria-hidden="true">→</span>
        </button>
      </div>
      <p role="status" className="action-message">
        {message}
      </p>
      <p className="hint">
        Drag a scheduled post to another slot to reschedule it; open a post to edit or cancel it.
      </p>
      <ul className="legend calendar-legend" aria-label="Marks">
        <li>
          <span className="free-slot free-slot-sample">free</span> free queue slot
        </li>
        <li>
          <span className="mark">Q</span> queued post
        </li>
        <li>
          <span className="mark">↻</span> post of a recurring series
        </li>
      </ul>
      <Loaded load={posts} label="the calendar" minHeight={480}>
        {(list) =>
          view === 'week' ? (
            <WeekGrid
              start={start}
              posts={list}
              free={free}
              planning={planning}
              onOpen={setOpen}
              onMove={move}
            />
          ) : (
            <MonthGrid
              start={start}
              days={days}
              month={anchor.getMonth()}
              posts={list}
              free={free}
              planning={planning}
              onOpen={setOpen}
              onMove={move}
            />
          )
        }
      </Loaded>
      {open ? (
        <PostDialog
          post={open}
          onClose={() => {
            setOpen(null);
            posts.reload();
            marks.reload();
          }}
        />
      ) : null}
    </>
  );
}

interface GridProps {
  posts: Post[];
  /** The queues' free slots in the visible range. */
  free: FreeSlot[];
  planning: PlanningMarks | null;
  onOpen: (p: Post) => void;
  onMove: (postId: string, to: Date) => void;
}

/** A drop target: accepts a dragged scheduled post and gives the slot's time for it. */
function dropHandlers(slot: (dragged: Date) => Date, onMove: GridProps['onMove']) {
  return {
    onDragOver: (e: DragEvent) => {
      if (e.dataTransfer.types.includes('application/x-post')) {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        (e.currentTarget as HTMLElement).classList.add('drop-over');
      }
    },
    onDragLeave: (e: DragEvent) => (e.currentTarget as HTMLElement).classList.remove('drop-over'),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      (e.currentTarget as HTMLElement).classList.remove('drop-over');
      const data = e.dataTransfer.getData('application/x-post');
      if (!data) return;
      const { postId, at } = JSON.parse(data) as { postId: string; at: string };
      const to = slot(new Date(at));
      if (to.getTime() !== new Date(at).getTime()) onMove(postId, to);
    },
  };
}

/** "X — Acme Social, LinkedIn — Acme Corp": the accounts of a post. */
const HOURS = Array.from({ length: 24 }, (_, h) => h);

function WeekGrid(props: GridProps & { start: Date }) {
  const days = Array.from({ length: 7 }, (_, i) => addDays(props.start, i));
  const today = new Date();
  const scroller = useRef<HTMLDivElement>(null);
  // Open on the working day rather than at midnight.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 7 * 44;
  }, []);
  const byDay = new Map<string, Post[]>();
  for (const p of props.posts) {
    const k = dayKey(postTime(p));
    byDay.set(k, [...(byDay.get(k) ?? []), p]);
  }
  return (
    // A keyboard reaches the scrolling week too (it scrolls sideways on a phone): axe's
    // scrollable-region-focusable asks a scrolling area to take focus, named as a region.
    // biome-ignore lint/a11y/useSemanticElements: the scroller's ref and styles are a div's; role names it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <div className="week" ref={scroller} tabIndex={0} role="region" aria-label="Week, scrolls sideways">
      <table className="week-grid">
        <caption className="visually-hidden">Posts of the week, by day and hour</caption>
        <thead>
          <tr>
            <th scope="col" className="hour-col">
              <span className="visually-hidden">Hour</span>
            </th>
            {days.map((d) => (
              <th scope="col" key={d.toISOString()} className={sameDay(d, today) ? 'today' : undefined}>
                {d.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric' })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {HOURS.map((h) => (
            <tr key={h}>
              <th scope="row" className="hour-col">
                {hourLabel(h)}
              </th>
              {days.map((d) => {
                const here = (byDay.get(dayKey(d)) ?? []).filter((p) => postTime(p).getHours() === h);
                const open = props.free.filter((f) => sameDay(f.at, d) && f.at.getHours() === h);
                const slot = (dragged: Date) =>
                  new Date(d.getFullYear(), d.getMonth(), d.getDate(), h, dragged.getMinutes());
                return (
                  <td
                    key={d.toISOString()}
                    className="slot"
                    data-slot={`${dayKey(d)}T${h}`}
                    {...dropHandlers(slot, props.onMove)}
                  >
                    {open.map((f) => (
                      <FreeMark key={`${f.queue}-${f.at.toISOString()}`} slot={f} />
                    ))}
                    {here.map((p) => (
                      <Chip key={p.postId} post={p} planning={props.planning} onOpen={props.onOpen} />
                    ))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MonthGrid(props: GridProps & { start: Date; days: number; month: number }) {
  const weeks = Array.from({ length: props.days / 7 }, (_, w) =>
    Array.from({ length: 7 }, (_, i) => addDays(props.start, w * 7 + i)),
  );
  const today = new Date();
  return (
    <table className="month-grid">
      <caption className="visually-hidden">Posts of the month, by day</caption>
      <thead>
        <tr>
          {weeks[0]?.map((d) => (
            <th scope="col" key={d.toISOString()}>
              {d.toLocaleDateString(undefined, { weekday: 'short' })}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]?.toISOString()}>
            {week.map((d) => {
              const here = props.posts.filter((p) => sameDay(postTime(p), d));
              const open = props.free.filter((f) => sameDay(f.at, d));
              const slot = (dragged: Date) =>
                new Date(
                  d.getFullYear(),
                  d.getMonth(),
                  d.getDate(),
                  dragged.getHours(),
                  dragged.getMinutes(),
                );
              return (
                <td
                  key={d.toISOString()}
                  className={`day${d.getMonth() !== props.month ? ' other-month' : ''}${sameDay(d, today) ? ' today' : ''}`}
                  data-slot={dayKey(d)}
                  {...dropHandlers(slot, props.onMove)}
                >
                  <span className="day-number">{d.getDate()}</span>
                  {open.length ? (
                    <span className="free-slot">
                      {open.length} free
                      <span className="visually-hidden"> queue slot{open.length === 1 ? '' : 's'}</span>
                    </span>
                  ) : null}
                  {here.map((p) => (
                    <Chip key={p.postId} post={p} planning={props.planning} onOpen={props.onOpen} />
                  ))}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A free queue slot: light, and only a mark (a post is dropped or queued into it, not clicked). */
