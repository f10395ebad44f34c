// A recurring post's series, on each of its posts: its rule and state, when the next
// one is due, and pause, resume or end (PATCH and DELETE /v1/series/{id}), each asked
// for again before it is sent, since ending cancels the occurrence that is waiting.
import { useState } from 'react';
import { api, ok } from '../../api/client.ts';
import { formatTime, Loaded, useLoad } from '../../ui.tsx';
import { seriesStatusWords } from '../wording/statuses.ts';

type Action = 'pause' | 'resume' | 'end';
const UNIT_WORDS = { day: ['day', 'days'], week: ['week', 'weeks'], month: ['month', 'months'] } as const;

/** "Every 2 weeks, 4 posts in all": the rule in words. */
export function ruleWords(r: {
  every: number;
  unit: 'day' | 'week' | 'month';
  until?: string;
  count?: number;
}) {
  const unit = UNIT_WORDS[r.unit][r.every === 1 ? 0 : 1];
  const every = r.every === 1 ? `Every ${unit}` : `Every ${r.every} ${unit}`;
  if (r.until) return `${every} until ${r.until.slice(0, 10)}`;
  if (r.count) return `${every}, ${r.count} posts in all`;
  return every;
}

const QUESTIONS: Record<Action, { ask: string; yes: string }> = {
  pause: {
    ask: 'Pause this series? The post already scheduled stays; no new one is created until you resume.',
    yes: 'Pause series',
  },
  resume: { ask: 'Resume this series? The next post is created at once if none is waiting.', yes: 'Resume' },
  end: {
    ask: 'End this series? No further post is created; the one waiting is cancelled (it becomes a draft) and its credits refunded. Published posts stay.',
    yes: 'End series',
  },
};

export function SeriesActions(props: { seriesId: string; onChange: () => void }) {
  const series = useLoad(
    () => ok(api.GET('/v1/series/{seriesId}', { params: { path: { seriesId: props.seriesId } } })),
    [props.seriesId],
  );
  const [asking, setAsking] = useState<Action | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const path = { params: { path: { seriesId: props.seriesId } } };
  const run = async (action: Action) => {
    setAsking(null);
    setMessage(null);
    try {
      if (action === 'end') setMessage((await ok(api.DELETE('/v1/series/{seriesId}', path))).message);
      else {
        await ok(api.PATCH('/v1/series/{seriesId}', { ...path, body: { paused: action === 'pause' } }));
        setMessage(action === 'pause' ? 'Series paused.' : 'Series resumed.');
      }
      series.reload();
      props.onChange();
    } catch (err) {
      setMessage(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <section className="series" aria-label="Recurring series">
      <Loaded load={series} label="the series" minHeight={40}>
        {({ series: s }) => (
          <>
            <p className="series-facts">
              <span className={`badge badge-series-${s.status}`}>{seriesStatusWords(s.status)}</span>{' '}
              {ruleWords(s.recurrence)} · {s.occurrencesCreated} created
              {s.nextAt ? ` · next ${formatTime(s.nextAt)}` : ''}
            </p>
            {s.status === 'ended' ? null : asking ? (
              <fieldset className="confirm">
                <legend className="visually-hidden">Confirm</legend>
                <p>{QUESTIONS[asking].ask}</p>
                <div className="post-actions">
                  <button
                    type="button"
                    className={asking === 'end' ? 'danger' : undefined}
                    onClick={() => run(asking)}
                  >
                    {QUESTIONS[asking].yes}
                  </button>
                  <button type="button" className="secondary" onClick={() => setAsking(null)}>
                    Keep it as it is
                  </button>
                </div>
              </fieldset>
            ) : (
              <div className="post-actions">
                <button
                  type="button"
                  className="secondary"
                  onClick={() => setAsking(s.status === 'paused' ? 'resume' : 'pause')}
                >
                  {s.status === 'paused' ? 'Resume series' : 'Pause series'}
                </button>
                <button type="button" className="danger" onClick={() => setAsking('end')}>
                  End series
                </button>
              </div>
            )}
          </>
        )}
      </Loaded>
      <p className="action-message" role="status">
        {message}
      </p>
    </section>
  );
}
