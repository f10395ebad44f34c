// Webhook subscriptions and their delivery log: subscribe a URL to post, account and
// engagement events, send a test, pause, delete, and read each delivery's attempts,
// redelivering one.
import { type FormEvent, useState } from 'react';
import { api, errorMessage, ok, type Schemas } from '../../api/client.ts';
import { describedBy, Field, formatTime, Loaded, PageHeader, useLoad } from '../../ui.tsx';
import { deliveryStatusWords } from '../wording/statuses.ts';
import { DeliveryPost } from './DeliveryPost.tsx';

type Subscription = Schemas['NotificationSubscription'];
type EventType = Subscription['eventTypes'][number];

const POST_EVENTS: EventType[] = ['post.scheduled', 'post.published', 'post.partial', 'post.failed'];

/** What a subscription may select, by group; the post events are checked to begin with. */
const EVENT_GROUPS: { legend: string; events: EventType[] }[] = [
  { legend: 'Posts', events: POST_EVENTS },
  {
    legend: 'Accounts',
    events: ['account.disconnected', 'account.reconnected', 'account.token_expiring', 'account.removed'],
  },
  { legend: 'Comments and messages', events: ['comment.received', 'message.received'] },
];

export default function Notifications() {
  const subs = useLoad(() => ok(api.GET('/v1/notifications')), []);
  const [created, setCreated] = useState<Subscription | null>(null);
  return (
    <>
      <PageHeader title="Notifications" />
      <NewSubscription
        onCreated={(s) => {
          setCreated(s);
          subs.reload();
        }}
      />
      {created?.webhook ? (
        <p className="notice" role="status">
          Subscribed. Its signing secret, shown this once: <code>{created.webhook.secret}</code>
        </p>
      ) : null}
      <section aria-labelledby="subs-title">
        <h2 id="subs-title">Subscriptions</h2>
        <Loaded
          load={subs}
          label="subscriptions"
          minHeight={160}
          isEmpty={(d) => d.notifications.length === 0}
          empty={<p>No subscription yet: add a webhook above to hear when posts are published.</p>}
        >
          {(d) => (
            <ul className="sub-list">
              {d.notifications.map((s) => (
                <SubscriptionRow key={s.id} sub={s} onChange={subs.reload} />
              ))}
            </ul>
          )}
        </Loaded>
      </section>
    </>
  );
}

function NewSubscription(props: { onCreated: (s: Subscription) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<Set<EventType>>(new Set(POST_EVENTS));
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const res = await api.POST('/v1/notifications', {
      body: {
        channel: 'webhook',
        eventTypes: [...events],
        webhook: { url },
      } as never,
    });
    if (res.error || !res.data) return setError(errorMessage(res.error));
    setUrl('');
    props.onCreated((res.data as { notification: Subscription }).notification);
  };
  const errors = error ? [error] : [];
  return (
    <form className="card" onSubmit={submit} aria-labelledby="new-sub-title">
      <h2 id="new-sub-title">Add a webhook</h2>
      <Field id="hook-url" label="Webhook URL" messages={errors}>
        <input
          id="hook-url"
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          {...describedBy('hook-url', errors)}
        />
      </Field>
      {EVENT_GROUPS.map((group) => (
        <fieldset key={group.legend}>
          <legend>{group.legend}</legend>
          {group.events.map((ev) => (
            <label key={ev} className="inline">
              <input
                type="checkbox"
                checked={events.has(ev)}
                onChange={(e) => {
                  const next = new Set(events);
                  if (e.target.checked) next.add(ev);
                  else next.delete(ev);
                  setEvents(next);
                }}
              />{' '}
              {ev}
            </label>
          ))}
        </fieldset>
      ))}
      <button type="submit" disabled={!url || events.size === 0}>
        Subscribe
      </button>
    </form>
  );
}

function SubscriptionRow(props: { sub: Subscription; onChange: () => void }) {
  const s = props.sub;
  const [showLog, setShowLog] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const path = { params: { path: { id: s.id } } };
  const run = async (call: Promise<{ error?: unknown }>, done: string) => {
    const res = await call;
    setMessage(res.error ? errorMessage(res.error) : done);
    props.onChange();
  };
  // A test "succeeds" as a request even when the receiver refused it: say what it answered.
  const test = async () => {
    setMessage('Sending a test…');
    const res = await api.POST('/v1/notifications/{id}/test', path);
    setMessage(res.data ? res.data.message : errorMessage(res.error));
    props.onChange();
  };
  const logId = `log-${s.id}`;
  return (
    <li className="card sub">
      <div className="sub-head">
        <strong className="sub-url">{s.webhook?.url ?? s.email?.recipients.join(', ')}</strong>
        <span className={`badge badge-${s.enabled ? 'published' : 'draft'}`}>
          {s.enabled ? 'enabled' : 'paused'}
        </span>
      </div>
      <p>
        {s.eventTypes.join(', ')}
        {s.lastTestAt
          ? ` · last test ${formatTime(s.lastTestAt)}: ${s.lastTestStatus === 'success' ? 'delivered' : 'not delivered'}`
          : ''}
      </p>
      <div className="sub-actions">
        <button type="button" onClick={test}>
          Send test
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() =>
            run(
              api.PATCH('/v1/notifications/{id}', { ...path, body: { enabled: !s.enabled } }),
              s.enabled ? 'Paused.' : 'Enabled.',
            )
          }
        >
          {s.enabled ? 'Pause' : 'Enable'}
        </button>
        <button
          type="button"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog(!showLog)}
        >
          {showLog ? 'Hide' : 'Show'} delivery log
        </button>
        <button
          type="button"
          className="danger"
          onClick={() =>
            confirm('Delete this subscription?') &&
            run(api.DELETE('/v1/notifications/{id}', path), 'Deleted.')
          }
        >
          Delete
        </button>
      </div>
      <p role="status" className="action-message">
        {message}
      </p>
      {showLog ? (
        <div id={logId}>
          <DeliveryLog id={s.id} />
        </div>
      ) : null}
    </li>
  );
}

function DeliveryLog(props: { id: string }) {
  const log = useLoad(
    () =>
      ok(
        api.GET('/v1/notifications/{id}/deliveries', {
          params: { path: { id: props.id }, query: { limit: 20 } as never },
        }),
      ),
    [props.id],
  );
  const [message, setMessage] = useState<string | null>(null);
  return (
    <Loaded
      load={log}
      label="deliveries"
      minHeight={120}
      isEmpty={(d) => d.deliveries.length === 0}
      empty={<p>No delivery yet: events appear here as posts are scheduled and published.</p>}
    >
      {(d) => (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll. */}
          <section className="scroll-x" tabIndex={0} aria-label="Latest deliveries, table">
            <table className="deliveries">
              <caption>Latest deliveries</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Post and accounts</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.deliveries.map((dl) => (
                  <tr key={dl.id}>
                    <td>
                      {dl.eventType}
                      <br />
                      <small>{formatTime(dl.createdAt)}</small>
                    </td>
                    <td>
                      {dl.postId ? (
                        <DeliveryPost postId={dl.postId} />
                      ) : (
                        <span className="hint">An account event, not about a post</span>
                      )}
                    </td>
                    <td>
                      <span
                        className={`badge badge-${dl.status === 'succeeded' ? 'published' : dl.status === 'failed' ? 'failed' : 'pending'}`}
                      >
                        {deliveryStatusWords(dl.status)}
                      </span>
                    </td>
                    <td>
                      <ol className="attempts">
                        {dl.attempts.map((a) => (
                          <li key={a.attempt}>
                            {formatTime(a.at)}: {a.statusCode ?? 'no answer'} in {a.durationMs} ms
                            {a.error ? ` (${a.error})` : ''}
                          </li>
                        ))}
                      </ol>
                    </td>
                    <td>
                      {/* A pending delivery is still being tried: redelivering it would send it twice. */}
                      {dl.status === 'pending' ? (
                        <span className="hint">
                          {dl.nextAttemptAt ? `Next try ${formatTime(dl.nextAttemptAt)}` : 'Sending…'}
                        </span>
                      ) : (
                        <button
                          type="button"
                          onClick={async () => {
                            const res = await api.POST(
                              '/v1/notifications/{id}/deliveries/{deliveryId}/redeliver',
                              {
                                params: { path: { id: props.id, deliveryId: dl.id } },
                              },
                            );
                            setMessage(res.error ? errorMessage(res.error) : 'Redelivery queued.');
                            log.reload();
                          }}
                        >
                          Redeliver<span className="visually-hidden"> {dl.eventType}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <p role="status" className="action-message">
            {message}
          </p>
        </>
      )}
    </Loaded>
  );
}
