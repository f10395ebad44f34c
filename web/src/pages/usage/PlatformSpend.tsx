// What the platforms themselves charge for the calls the service makes (X's
// pay-per-use prices), by month and platform — money, not credits — and the monthly
// caps a project sets on it (GET /v1/usage, PUT /v1/usage/caps). A create that would
// pass a cap is refused; a scheduled post that would pass it fails at its time.
import { type FormEvent, useState } from 'react';
import { api, ok, PLATFORM_LABELS, type PlatformName } from '../../api/client.ts';
import { Loaded, useLoad } from '../../ui.tsx';
import './usage.css';

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: 4 }).format(amount);
const monthLabel = (y: number, m: number) =>
  new Date(y, m - 1, 1).toLocaleDateString(undefined, { month: 'short', year: 'numeric' });

export function PlatformSpend() {
  const usage = useLoad(() => ok(api.GET('/v1/usage')), []);
  return (
    <section className="card" aria-labelledby="spend-title">
      <h2 id="spend-title">Platform spend</h2>
      <p className="hint">
        Money paid to the platforms themselves for the calls the service makes for this project, at the prices
        below; separate from credits.
      </p>
      <Loaded load={usage} label="the platform spend" minHeight={160}>
        {(d) => {
          const spend = d.platformSpend ?? [];
          const prices = d.platformPrices ?? [];
          const caps = d.spendCaps ?? {};
          const paid = [...new Set(prices.filter((p) => p.amount > 0).map((p) => p.platform))];
          const platforms = [
            ...new Set([...paid, ...spend.map((s) => s.platform), ...(Object.keys(caps) as PlatformName[])]),
          ];
          const months = [...new Set(spend.map((s) => `${s.year}-${s.month}`))]
            .map((k) => k.split('-').map(Number) as [number, number])
            .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
          const now = new Date();
          const thisMonth = (p: PlatformName) =>
            spend.find(
              (s) => s.platform === p && s.year === now.getUTCFullYear() && s.month === now.getUTCMonth() + 1,
            )?.amount ?? 0;
          const currency = prices[0]?.currency ?? 'USD';
          return (
            <>
              {months.length === 0 ? (
                <p className="state-empty" data-testid="spend-empty">
                  Nothing spent on platforms yet.
                </p>
              ) : (
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll.
                <section className="scroll-x" tabIndex={0} aria-label="Platform spend by month, table">
                  <table className="spend-table" data-testid="spend-table">
                    <caption>Platform spend by month</caption>
                    <thead>
                      <tr>
                        <th scope="col">Month</th>
                        {platforms.map((p) => (
                          <th scope="col" key={p}>
                            {PLATFORM_LABELS[p]}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {months.map(([y, m]) => (
                        <tr key={`${y}-${m}`}>
                          <th scope="row">{monthLabel(y, m)}</th>
                          {platforms.map((p) => {
                            const row = spend.find((s) => s.platform === p && s.year === y && s.month === m);
                            return <td key={p}>{money(row?.amount ?? 0, row?.currency ?? currency)}</td>;
                          })}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </section>
              )}
              <h3>Prices</h3>
              <ul className="spend-prices">
                {prices
                  .filter((p) => p.amount > 0)
                  .map((p) => (
                    <li key={`${p.platform} ${p.callKind}`}>
                      {PLATFORM_LABELS[p.platform]}: {money(p.amount, p.currency)} — {p.says}{' '}
                      <span className="hint">({p.source})</span>
                    </li>
                  ))}
                <li>Every other platform: no charge for the calls the service makes.</li>
              </ul>
              <CapsForm
                platforms={paid.length ? paid : platforms}
                caps={caps}
                currency={currency}
                spentThisMonth={thisMonth}
                onSaved={usage.reload}
              />
            </>
          );
        }}
      </Loaded>
    </section>
  );
}

function CapsForm(props: {
  platforms: PlatformName[];
  caps: Record<string, { monthly: number; currency: string }>;
  currency: string;
  spentThisMonth: (p: PlatformName) => number;
  onSaved: () => void;
}) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(props.platforms.map((p) => [p, props.caps[p] ? String(props.caps[p].monthly) : ''])),
  );
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const body: Record<string, { monthly: number | null }> = {};
    for (const p of props.platforms) {
      const v = (values[p] ?? '').trim();
      const n = Number(v);
      if (v !== '' && (!Number.isFinite(n) || n < 0))
        return setMessage({
          ok: false,
          text: `The cap of ${PLATFORM_LABELS[p]} must be a number of 0 or more.`,
        });
      body[p] = { monthly: v === '' ? null : n };
    }
    setBusy(true);
    setMessage(null);
    try {
      await ok(api.PUT('/v1/usage/caps', { body }));
      setMessage({ ok: true, text: 'Caps saved.' });
      props.onSaved();
    } catch (err) {
      setMessage({ ok: false, text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={save} className="spend-caps" aria-labelledby="caps-title">
      <h3 id="caps-title">Monthly caps</h3>
      <p className="hint">
        The most this project may spend on a platform in a calendar month (UTC). A post that would pass it is
        refused, with the cap and the spend so far. Leave empty for no cap.
      </p>
      {props.platforms.map((p) => {
        const cap = props.caps[p];
        const spent = props.spentThisMonth(p);
        return (
          <div key={p} className="spend-cap-row">
            <label>
              {PLATFORM_LABELS[p]} cap ({props.currency} a month){' '}
              <input
                type="number"
                min={0}
                step="0.01"
                inputMode="decimal"
                value={values[p] ?? ''}
                onChange={(e) => setValues({ ...values, [p]: e.target.value })}
              />
            </label>
            <span className="hint">
              {' '}
              Spent this month: {money(spent, props.currency)}
              {cap ? ` of ${money(cap.monthly, cap.currency)}` : ', no cap'}
            </span>
            {cap ? (
              <meter
                min={0}
                max={Math.max(cap.monthly, 0.0001)}
                value={Math.min(spent, cap.monthly)}
                aria-label={`${PLATFORM_LABELS[p]} spend this month against its cap`}
              />
            ) : null}
          </div>
        );
      })}
      <div className="submit-row">
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save caps'}
        </button>
        <span role="status" className={message && !message.ok ? 'error-text' : undefined}>
          {message?.text}
        </span>
      </div>
    </form>
  );
}
