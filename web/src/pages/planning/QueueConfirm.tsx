// "Add to queue", before anything is sent: which slot the post will take (the first of
// GET /v1/queue/slots, the one queue: true takes now), or why it can not be queued:
// the accounts span profiles, or their queue has no slots or is paused.
import { api, ok } from '../../api/client.ts';
import { Link, Loaded, useLoad } from '../../ui.tsx';
import { type Profile, profileName, type QueueOwner, queueName, queueQuery, slotLabel } from './queues.ts';

async function nextSlot(profileId: string | null) {
  const query = queueQuery(profileId);
  const [queue, free] = await Promise.all([
    ok(api.GET('/v1/queue', { params: { query } })),
    ok(api.GET('/v1/queue/slots', { params: { query: { ...query, count: 1 } } })),
  ]);
  return { queue: queue.queue, slot: free.slots[0] ?? null };
}

export function QueueConfirm(props: {
  owner: QueueOwner;
  profiles: Profile[];
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { owner } = props;
  const profileId = owner.one ? owner.profileId : null;
  const load = useLoad(
    () => (owner.one ? nextSlot(profileId) : Promise.resolve(null)),
    [owner.one, profileId],
  );
  const back = (
    <button type="button" className="secondary" onClick={props.onBack}>
      Back
    </button>
  );
  const queuePage = `/queue${profileId ? `?profileId=${encodeURIComponent(profileId)}` : ''}`;
  if (!owner.one)
    return (
      <section className="queue-confirm card" aria-labelledby="queue-confirm-title">
        <h2 id="queue-confirm-title">Add to queue</h2>
        <p role="alert">
          These accounts belong to different profiles (
          {owner.profileIds.map((id) => profileName(id, props.profiles)).join(', ')}
          ). A queued post takes one queue’s slot: choose accounts of one profile, or schedule a time.
        </p>
        <div className="post-actions">{back}</div>
      </section>
    );
  const name = queueName(profileId, props.profiles);
  const ready = load.state === 'ready' ? load.data : null;
  const slot = ready && !ready.queue.paused ? ready.slot : null;
  return (
    <section className="queue-confirm card" aria-labelledby="queue-confirm-title">
      <h2 id="queue-confirm-title">Add to queue</h2>
      <div aria-live="polite">
        <Loaded load={load} label="the queue" minHeight={48}>
          {(d) =>
            d === null ? null : d.queue.paused ? (
              <p role="alert">
                {capital(name)} is paused. <Link to={queuePage}>Resume it on the Queue page</Link>, or
                schedule a time.
              </p>
            ) : d.slot === null ? (
              <p role="alert">
                {capital(name)} has no time slots yet.{' '}
                <Link to={queuePage}>Set its slots on the Queue page</Link>, or schedule a time.
              </p>
            ) : (
              <p data-testid="queue-slot">
                The post will take the next free slot of {name}:{' '}
                <strong>{slotLabel(d.slot.scheduledFor, d.queue.timezone)}</strong> ({d.queue.timezone}
                {slotLabel(d.slot.scheduledFor) === slotLabel(d.slot.scheduledFor, d.queue.timezone)
                  ? ''
                  : `; ${slotLabel(d.slot.scheduledFor)} your time`}
                ).
              </p>
            )
          }
        </Loaded>
      </div>
      <div className="post-actions">
        {slot ? (
          <button type="button" onClick={props.onConfirm} disabled={props.busy}>
            {props.busy ? 'Adding…' : 'Confirm: add to queue'}
          </button>
        ) : null}
        {back}
      </div>
    </section>
  );
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
