// Credits: the balance of this month and a chart of credits spent by month: publishing
// by platform, then the other categories (deletion, analytics, AI), which add up to the total.
import { api, ok, PLATFORM_LABELS, PLATFORM_NAMES, type PlatformName } from '../../api/client.ts';
import { Loaded, PageHeader, useLoad } from '../../ui.tsx';
import { PlatformSpend } from './PlatformSpend.tsx';

const COLORS: Record<PlatformName, string> = {
  twitter: '#1f2937',
  instagram: '#c13584',
  youtube: '#c00',
  tiktok: '#0f766e',
  pinterest: '#b91c1c',
  linkedin: '#0a66c2',
  bluesky: '#1185fe',
  facebook: '#1d4ed8',
  threads: '#6b7280',
  googlebusiness: '#15803d',
  telegram: '#229ed9',
  discord: '#5865f2',
  reddit: '#ff4500',
  mastodon: '#563acc',
};

/** The categories besides publishing (which is shown by platform), as GET /v1/usage names them. */
const OTHER_CATEGORIES = [
  ['deletion', 'Deleting from platforms', '#78716c'],
  ['analytics', 'Analytics', '#a16207'],
  ['aiCaption', 'AI captions', '#7c3aed'],
  ['aiImage', 'AI images', '#db2777'],
  ['other', 'Other', '#9ca3af'],
] as const;
type OtherCategory = (typeof OTHER_CATEGORIES)[number][0];

/** One stacked part of a month: a platform's publishing credits or another category. */
interface Part {
  key: string;
  label: string;
  color: string;
  value: (m: { platform: Record<string, number>; categories: Record<OtherCategory, number> }) => number;
}

const monthLabel = (y: number, m: number) =>
  new Date(y, m - 1, 1).toLocaleDateString(undefined, { month: 'short', year: 'numeric' });

export default function Usage() {
  const usage = useLoad(() => ok(api.GET('/v1/usage')), []);
  return (
    <>
      <PageHeader title="Usage" />
      <Loaded load={usage} label="usage" minHeight={360}>
        {(d) => {
          const months = [...d.usage].sort((a, b) => a.year - b.year || a.month - b.month).slice(-12);
          const max = Math.max(1, ...months.map((m) => m.count));
          const parts: Part[] = [
            ...PLATFORM_NAMES.map((p) => ({
              key: p,
              label: PLATFORM_LABELS[p],
              color: COLORS[p],
              value: (m: { platform: Record<string, number> }) => m.platform[p] ?? 0,
            })),
            ...OTHER_CATEGORIES.map(([c, label, color]) => ({
              key: c,
              label,
              color,
              value: (m: { categories: Record<OtherCategory, number> }) => m.categories[c],
            })),
          ];
          const used = parts.filter((part) => months.some((m) => part.value(m) > 0));
          const b = d.balance;
          return (
            <>
              {b && (
                <section className="card balance" aria-labelledby="balance-title">
                  <h2 id="balance-title">This month</h2>
                  <p>
                    <strong>{b.monthly.used}</strong> of {b.monthly.limit} monthly credits used (
                    {b.monthly.remaining} left); {b.purchased.remaining} purchased credits left.{' '}
                    {d.totalUsage} credits spent in all.
                  </p>
                  <meter
                    min={0}
                    max={Math.max(1, b.monthly.limit)}
                    value={b.monthly.used}
                    aria-label="Monthly credits used"
                  />
                </section>
              )}
              <section className="card" aria-labelledby="chart-title">
                <h2 id="chart-title">Credits by month: publishing by platform, and other uses</h2>
                {months.length === 0 ? (
                  <p className="state-empty">
                    No credits spent yet: publishing a post spends one credit per account.
                  </p>
                ) : (
                  <>
                    <div
                      className="chart"
                      role="img"
                      aria-label="Stacked bars of credits per month, publishing by platform and the other uses; the table below has the figures"
                    >
                      {months.map((m) => (
                        <div className="bar-col" key={`${m.year}-${m.month}`}>
                          <div className="bar" style={{ height: `${(m.count / max) * 100}%` }}>
                            {used.map((p) =>
                              p.value(m) ? (
                                <div
                                  key={p.key}
                                  className="bar-part"
                                  style={{ flexGrow: p.value(m), background: p.color }}
                                  title={`${p.label}: ${p.value(m)}`}
                                />
                              ) : null,
                            )}
                          </div>
                          <span className="bar-label">{monthLabel(m.year, m.month)}</span>
                        </div>
                      ))}
                    </div>
                    <ul className="legend">
                      {used.map((p) => (
                        <li key={p.key}>
                          <span className="swatch" style={{ background: p.color }} aria-hidden="true" />{' '}
                          {p.label}
                        </li>
                      ))}
                    </ul>
                    {/* Wide with many platforms: the table scrolls by itself, never the page. */}
                    {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll. */}
                    <section className="scroll-x" tabIndex={0} aria-label="Credits by month, table">
                      <table className="usage-table">
                        <caption>Credits by month</caption>
                        <thead>
                          <tr>
                            <th scope="col">Month</th>
                            {used.map((p) => (
                              <th scope="col" key={p.key}>
                                {p.label}
                              </th>
                            ))}
                            <th scope="col">Total</th>
                          </tr>
                        </thead>
                        <tbody>
                          {months.map((m) => (
                            <tr key={`${m.year}-${m.month}`}>
                              <th scope="row">{monthLabel(m.year, m.month)}</th>
                              {used.map((p) => (
                                <td key={p.key}>{p.value(m)}</td>
                              ))}
                              <td>{m.count}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </section>
                  </>
                )}
              </section>
            </>
          );
        }}
      </Loaded>
      <PlatformSpend />
    </>
  );
}
