// One post's metrics over its first 30 days (GET /v1/analytics/posts/{id}/history):
// per account it was published to, a line of its engagement and one of its
// impressions or views, at the ages the service snapshotted it (1 h … 30 d).
import { PLATFORM_LABELS } from '../../api/client.ts';
import { formatTime, Loaded, useLoad } from '../../ui.tsx';
import { LineChart } from './charts.tsx';
import { loadPostHistory, number } from './history.ts';

const age = (h: number) => (h < 24 ? `${h} h` : `${h / 24} d`);
const METRICS = ['impressions', 'views', 'reach', 'likes', 'comments', 'shares', 'saves', 'clicks'] as const;

export function PostHistory(props: { postId: string }) {
  const history = useLoad(() => loadPostHistory(props.postId), [props.postId]);
  return (
    <section className="an-section" aria-labelledby="an-post-history">
      <h2 id="an-post-history">Its first 30 days</h2>
      <p className="hint">From the service’s own snapshots: no credit is charged.</p>
      <Loaded
        load={history}
        label="the post's history"
        minHeight={200}
        isEmpty={(h) => h.targets.every((t) => t.snapshots.length === 0)}
        empty={<p>No snapshot of this post yet: the first is taken an hour after it is published.</p>}
      >
        {(h) => (
          <div data-testid="post-history">
            {h.targets.map((t) => {
              const reachKey = (['impressions', 'views', 'reach'] as const).find((k) =>
                t.snapshots.some((s) => typeof s[k] === 'number'),
              );
              const label = `${PLATFORM_LABELS[t.platform]} (published ${formatTime(t.publishedAt)})`;
              return (
                <div key={t.targetId} className="an-post-target">
                  <h3>{label}</h3>
                  {t.snapshots.length === 0 ? (
                    <p className="state-empty">No snapshot yet.</p>
                  ) : (
                    <>
                      <LineChart
                        title={`Engagement on ${PLATFORM_LABELS[t.platform]} by age`}
                        points={t.snapshots.map((s) => ({
                          label: age(s.ageHours),
                          value: s.engagement ?? 0,
                        }))}
                        labelHead="Age"
                        valueHead="Engagement"
                      />
                      {reachKey ? (
                        <LineChart
                          title={`${reachKey.charAt(0).toUpperCase()}${reachKey.slice(1)} on ${PLATFORM_LABELS[t.platform]} by age`}
                          points={t.snapshots.map((s) => ({
                            label: age(s.ageHours),
                            value: s[reachKey] ?? 0,
                          }))}
                          labelHead="Age"
                          valueHead={reachKey}
                        />
                      ) : null}
                      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll. */}
                      <section className="an-scroll" tabIndex={0} aria-label={`Snapshots on ${label}, table`}>
                        <table className="an-table">
                          <caption className="visually-hidden">Snapshots on {label}</caption>
                          <thead>
                            <tr>
                              <th scope="col">Age</th>
                              {METRICS.map((m) => (
                                <th scope="col" key={m}>
                                  {m}
                                </th>
                              ))}
                            </tr>
                          </thead>
                          <tbody>
                            {t.snapshots.map((s) => (
                              <tr key={s.ageHours}>
                                <th scope="row">{age(s.ageHours)}</th>
                                {METRICS.map((m) => (
                                  <td key={m}>{number(s[m])}</td>
                                ))}
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </section>
                    </>
                  )}
                </div>
              );
            })}
          </div>
        )}
      </Loaded>
    </section>
  );
}
