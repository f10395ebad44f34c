// "Use suggested times" on the Queue page: the best hours to post of the queue's
// accounts (GET /v1/queue/suggested-slots, ranked from their own published posts,
// or general defaults marked as such when there are too few), shown first, and
// saved as the queue's weekly slots (PUT /v1/queue, in the suggestion's time zone,
// the pause kept) only once the person confirms.
import { useState } from 'react';
import { api, ok } from '../../api/client.ts';
import { queueQuery, type WeeklySlot } from './queues.ts';

type Suggestion = Awaited<ReturnType<typeof loadSuggestion>>;
const loadSuggestion = (profileId: string | null) =>
  ok(api.GET('/v1/queue/suggested-slots', { params: { query: { ...queueQuery(profileId), count: 7 } } }));

const dayName = (d: string) => d.charAt(0).toUpperCase() + d.slice(1);

export function SuggestedTimes(props: { profileId: string | null; onApplied: () => void }) {
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await step();
    } catch (err) {
      setMessage({ ok: false, text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };
  const suggest = () => run(async () => setSuggestion(await loadSuggestion(props.profileId)));
  const apply = (s: Suggestion) =>
    run(async () => {
      const current = (await ok(api.GET('/v1/queue', { params: { query: queueQuery(props.profileId) } })))
        .queue;
      const slots: WeeklySlot[] = s.slots.map((x) => ({ day: x.day, time: x.time }));
      const answer = await ok(
        api.PUT('/v1/queue', {
          params: { query: queueQuery(props.profileId) },
          body: { timezone: s.timezone, slots, paused: current.paused },
        }),
      );
      setSuggestion(null);
      setMessage({ ok: true, text: `Suggested times saved as the queue's slots. ${answer.message}` });
      props.onApplied();
    });
  return (
    <section className="card suggested-times" aria-labelledby="suggested-title" data-testid="suggested-times">
      <h2 id="suggested-title">Suggested times</h2>
      <p className="hint">
        The hours when this queue’s accounts’ own posts drew the most engagement. Nothing changes until you
        confirm.
      </p>
      {suggestion === null ? (
        <button type="button" onClick={suggest} disabled={busy}>
          {busy ? 'Reading…' : 'Use suggested times'}
        </button>
      ) : (
        <>
          <p className={suggestion.basedOn === 'history' ? undefined : 'an-notice'}>
            {suggestion.basedOn === 'history' ? null : <strong>General defaults, not measured. </strong>}
            {suggestion.note}
          </p>
          <ol className="suggested-list">
            {suggestion.slots.map((x) => (
              <li key={`${x.day} ${x.time}`}>
                {dayName(x.day)} {x.time} ({suggestion.timezone})
                {x.engagementRate === null
                  ? ' — default'
                  : ` — ${(x.engagementRate * 100).toFixed(1)} % engagement over ${x.posts} posts`}
              </li>
            ))}
          </ol>
          <p>
            Replace the queue’s weekly slots with these {suggestion.slots.length} times, in{' '}
            {suggestion.timezone}? Posts already queued keep their times.
          </p>
          <div className="submit-row">
            <button
              type="button"
              onClick={() => apply(suggestion)}
              disabled={busy || suggestion.slots.length === 0}
            >
              {busy ? 'Saving…' : 'Replace the slots'}
            </button>
            <button type="button" className="secondary" onClick={() => setSuggestion(null)} disabled={busy}>
              Cancel
            </button>
          </div>
        </>
      )}
      <span role="status" className={message && !message.ok ? 'error-text' : undefined}>
        {message?.text}
      </span>
    </section>
  );
}
