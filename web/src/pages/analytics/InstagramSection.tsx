// An Instagram account's insights over time (daily reach, GET
// /v1/analytics/instagram/account-insights with metricType=time_series) and its
// audience (GET /v1/analytics/instagram/demographics), each read when asked, its
// price on the button, drawn as charts with their figures as tables.
import { useState } from 'react';
import { api, errorMessage, type Integration } from '../../api/client.ts';
import { credits } from '../ai/prices.ts';
import { BarChart, LineChart } from './charts.tsx';

type Insights = {
  metrics: Record<string, { total: number; values: { date: string; value: number }[] }>;
  dataDelay: string;
};
type Demographics = {
  demographics: Partial<
    Record<'age' | 'city' | 'country' | 'gender', { dimension: string; value: number }[]>
  >;
  note: string;
};

const DIMENSIONS = { age: 'Age', gender: 'Gender', country: 'Country', city: 'City' } as const;

export function InstagramSection(props: {
  accounts: Integration[];
  cost: number | undefined;
  onRead: () => void;
}) {
  const [accountId, setAccountId] = useState(props.accounts[0]?.id ?? '');
  const [insights, setInsights] = useState<Insights | null>(null);
  const [audience, setAudience] = useState<Demographics | null>(null);
  const [busy, setBusy] = useState<'insights' | 'audience' | null>(null);
  const [error, setError] = useState('');
  if (props.accounts.length === 0) return null;
  const price = props.cost === undefined ? '' : ` (${credits(props.cost)})`;
  const readInsights = async () => {
    setBusy('insights');
    setError('');
    const res = await api
      .GET('/v1/analytics/instagram/account-insights', {
        params: { query: { accountId, metrics: 'reach', metricType: 'time_series' } },
      })
      .catch(() => null);
    setBusy(null);
    props.onRead();
    if (!res?.data) return setError(errorMessage(res?.error, 'The service could not be reached'));
    setInsights(res.data as Insights);
  };
  const readAudience = async () => {
    setBusy('audience');
    setError('');
    const res = await api
      .GET('/v1/analytics/instagram/demographics', { params: { query: { accountId } } })
      .catch(() => null);
    setBusy(null);
    props.onRead();
    if (!res?.data) return setError(errorMessage(res?.error, 'The service could not be reached'));
    setAudience(res.data as Demographics);
  };
  const reach = insights?.metrics.reach;
  return (
    <section className="an-section" aria-labelledby="an-instagram">
      <h2 id="an-instagram">Instagram account</h2>
      <div className="an-controls">
        <label>
          Account
          <select
            value={accountId}
            onChange={(e) => {
              setAccountId(e.target.value);
              setInsights(null);
              setAudience(null);
            }}
          >
            {props.accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.username ?? a.displayName ?? a.id}
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={busy !== null} onClick={readInsights}>
          {busy === 'insights' ? 'Reading…' : `Show daily reach${price}`}
        </button>
        <button type="button" disabled={busy !== null} onClick={readAudience}>
          {busy === 'audience' ? 'Reading…' : `Show audience${price}`}
        </button>
      </div>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      {reach ? (
        <>
          <LineChart
            title={`Accounts reached per day (${new Intl.NumberFormat().format(reach.total)} in all)`}
            points={reach.values.map((v) => ({ label: v.date.slice(0, 10), value: v.value }))}
            valueHead="Reach"
          />
          <p className="hint">{insights?.dataDelay} Reach counts each account once a day, not each view.</p>
        </>
      ) : null}
      {audience ? (
        <>
          {(Object.keys(DIMENSIONS) as (keyof typeof DIMENSIONS)[]).map((d) => {
            const entries = audience.demographics[d];
            if (!entries?.length) return null;
            return (
              <BarChart
                key={d}
                title={`Followers by ${DIMENSIONS[d].toLowerCase()}`}
                bars={[...entries]
                  .sort((a, b) => b.value - a.value)
                  .slice(0, 10)
                  .map((e) => ({ label: e.dimension, value: e.value }))}
                labelHead={DIMENSIONS[d]}
                valueHead="Followers"
              />
            );
          })}
          <p className="hint">{audience.note}</p>
        </>
      ) : null}
    </section>
  );
}
