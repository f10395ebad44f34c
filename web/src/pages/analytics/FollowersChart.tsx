// An account's followers over a period, from its daily snapshots
// (GET /v1/analytics/accounts/{id}/history), with what its platform's API can not
// give, as the answer says it.
import { formatTime, Loaded, useLoad } from '../../ui.tsx';
import { LineChart } from './charts.tsx';
import { loadFollowers, type Period } from './history.ts';

export function FollowersChart(props: {
  integrationId: string;
  name: string;
  period: Pick<Period, 'from' | 'to'>;
  openTable?: boolean | undefined;
}) {
  const { integrationId, period } = props;
  const history = useLoad(
    () => loadFollowers(integrationId, period),
    [integrationId, period.from, period.to],
  );
  return (
    <Loaded load={history} label="the account's history" minHeight={200}>
      {(h) => {
        const points = h.days
          .filter((d) => typeof d.followers === 'number')
          .map((d) => ({ label: d.date, value: d.followers as number }));
        return (
          <div data-testid="followers-chart">
            {points.length === 0 ? (
              <p className="state-empty">
                No follower counts collected for {props.name} between {h.from} and {h.to} yet
                {h.lastError ? ` (the last collection failed: ${h.lastError})` : ''}.
              </p>
            ) : (
              <LineChart
                title={`Followers of ${props.name}, ${h.from} to ${h.to}`}
                points={points}
                valueHead="Followers"
                openTable={props.openTable}
              />
            )}
            <p className="hint">
              Last collected: {h.lastCollectedAt ? formatTime(h.lastCollectedAt) : 'never'}. {h.limits}
            </p>
          </div>
        );
      }}
    </Loaded>
  );
}
