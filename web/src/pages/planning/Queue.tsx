// The posting queue of a profile (or the project's own, for accounts without one): its
// weekly slots on a grid, their time zone and a pause, saved whole with PUT /v1/queue;
// and the next free slots, which "Add to queue" in Compose takes in turn.
import { type FormEvent, useEffect, useState } from 'react';
import { api, ok } from '../../api/client.ts';
import { navigate, useLocation } from '../../router.ts';
import { browserZone, Field, Loaded, PageHeader, TimeZoneSelect, useLoad } from '../../ui.tsx';
import { setBrand, useBrand } from '../accounts/BrandFilter.tsx';
import { SentNotice } from '../posts/SentNotice.tsx';
import { QueueTimeline } from './QueueTimeline.tsx';
import { loadProfiles, queueName, queueQuery, slotLabel, type WeeklySlot } from './queues.ts';
import { SlotGrid, type Week, weekOf } from './SlotGrid.tsx';
import { SuggestedTimes } from './SuggestedTimes.tsx';

interface QueueState {
  timezone: string;
  slots: WeeklySlot[];
  paused: boolean;
  updatedAt: string | null;
}

export default function Queue() {
  const here = useLocation();
  // The queue named in the address, else the brand chosen on another page.
  const brand = useBrand();
  const profileId = here.searchParams.get('profileId') ?? (brand && brand !== 'null' ? brand : null);
  const profiles = useLoad(loadProfiles, []);
  const queue = useLoad(
    () => ok(api.GET('/v1/queue', { params: { query: queueQuery(profileId) } })).then((d) => d.queue),
    [profileId],
  );
  const free = useLoad(
    () => ok(api.GET('/v1/queue/slots', { params: { query: { ...queueQuery(profileId), count: 5 } } })),
    [profileId],
  );
  const list = profiles.state === 'ready' ? profiles.data : [];
  return (
    <>
      <PageHeader title="Queue" />
      <SentNotice />
      <p className="hint">
        Posts added to a queue take its next free slot. Each profile has its own queue; accounts without a
        profile share the project’s.
      </p>
      <label className="queue-choice">
        Queue of
        <select
          value={profileId ?? ''}
          onChange={(e) => {
            setBrand(e.target.value || 'null');
            navigate(e.target.value ? `/queue?profileId=${encodeURIComponent(e.target.value)}` : '/queue', {
              replace: true,
            });
          }}
        >
          <option value="">Accounts without a profile</option>
          {list.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <QueueTimeline profileId={profileId} version={free.state === 'ready' ? free.data.slots.length : 0} />
      <div className="queue-layout">
        <Loaded load={queue} label="the queue" minHeight={320}>
          {(q) => (
            <QueueEditor
              key={profileId ?? ''}
              profileId={profileId}
              queue={q}
              onSaved={() => {
                queue.reload();
                free.reload();
              }}
            />
          )}
        </Loaded>
        <section className="card free-slots" aria-labelledby="free-title">
          <h2 id="free-title">Next free slots</h2>
          <Loaded
            load={free}
            label="the free slots"
            minHeight={120}
            isEmpty={(d) => d.slots.length === 0}
            empty={<p>None: {queueName(profileId, list)} has no time slots.</p>}
          >
            {(d) => (
              <ol className="free-slot-list">
                {d.slots.map((s) => (
                  <li key={s.scheduledFor}>
                    {slotLabel(s.scheduledFor, d.timezone)}
                    <span className="hint"> {d.timezone}</span>
                  </li>
                ))}
              </ol>
            )}
          </Loaded>
        </section>
      </div>
      <SuggestedTimes
        key={profileId ?? ''}
        profileId={profileId}
        onApplied={() => {
          queue.reload();
          free.reload();
        }}
      />
    </>
  );
}

function QueueEditor(props: { profileId: string | null; queue: QueueState; onSaved: () => void }) {
  const [week, setWeek] = useState<Week>(() => weekOf(props.queue.slots));
  // A queue never set starts in the person's own zone.
  const [timezone, setTimezone] = useState(
    props.queue.updatedAt === null ? browserZone : props.queue.timezone,
  );
  const [paused, setPaused] = useState(props.queue.paused);
  // Slots saved from elsewhere on the page (the suggested times) replace the ones shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the saved queue changes, which updatedAt tells.
  useEffect(() => {
    if (props.queue.updatedAt === null) return;
    setWeek(weekOf(props.queue.slots));
    setTimezone(props.queue.timezone);
  }, [props.queue.updatedAt]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const answer = await ok(
        api.PUT('/v1/queue', {
          params: { query: queueQuery(props.profileId) },
          body: { timezone, slots: week.slots, paused },
        }),
      );
      setMessage({ ok: true, text: `Saved. ${answer.message}` });
      props.onSaved();
    } catch (err) {
      setMessage({ ok: false, text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card queue-editor" onSubmit={save} aria-label="Weekly slots">
      <h2>Weekly slots</h2>
      <SlotGrid value={week} onChange={setWeek} />
      <div className="queue-settings">
        <Field id="queue-timezone" label="Time zone of the slots">
          <TimeZoneSelect id="queue-timezone" value={timezone} onChange={setTimezone} />
        </Field>
        <label className="inline">
          <input type="checkbox" checked={paused} onChange={(e) => setPaused(e.target.checked)} /> Paused (no
          post can be added to the queue)
        </label>
      </div>
      <p className="hint">Posts already queued keep their times; new posts take the new slots.</p>
      <div className="submit-row">
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save queue'}
        </button>
        <span role="status" className={message && !message.ok ? 'error-text' : undefined}>
          {message?.text}
        </span>
      </div>
    </form>
  );
}
