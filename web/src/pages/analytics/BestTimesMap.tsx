// The best hours to post (GET /v1/analytics/best-times) as a weekday × hour heat
// map. It is a table: each ranked hour's cell holds its engagement rate and the
// number of posts behind it in words, and the shade only repeats what the numbers
// say. With too few posts the answer's own sentence says so, and the default hours
// are shown marked as defaults, never as measured.

import type { BestTimesAnswer } from './history.ts';
import { number } from './history.ts';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
const title = (d: string) => d.charAt(0).toUpperCase() + d.slice(1);
const percent = (rate: number) => `${(Math.round(rate * 1000) / 10).toFixed(1)} %`;

export function BestTimesMap(props: { answer: BestTimesAnswer; caption: string }) {
  const a = props.answer;
  const measured = a.basedOn === 'history';
  const bySlot = new Map(a.slots.map((s, i) => [`${s.day} ${s.time}`, { ...s, rank: i + 1 }]));
  const top = Math.max(0.0001, ...a.slots.map((s) => s.engagementRate ?? 0));
  // Four shades from the best rate down; a default slot has the lightest.
  const shade = (rate: number | null) => (rate === null ? 1 : Math.max(1, Math.ceil((rate / top) * 4)));
  const usedHours = HOURS.filter((h) => DAYS.some((d) => bySlot.has(`${d} ${h}`)));
  // At phone width only the hours with a slot are columns, with the whole day a scroll away.
  const hours = usedHours.length > 0 && usedHours.length <= 8 ? usedHours : HOURS;
  return (
    <div className="an-best" data-testid="best-times">
      <p className={measured ? 'hint' : 'an-notice'} role={measured ? undefined : 'note'}>
        {measured ? null : <strong>Default hours, not measured. </strong>}
        {a.note} Time zone: {a.timezone}.
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll. */}
      <section className="an-scroll" tabIndex={0} aria-label={`${props.caption}, table`}>
        <table className="an-heat">
          <caption>
            {props.caption}:{' '}
            {measured ? 'engagement rate and posts per hour' : 'default hours (not measured)'}
            {hours === HOURS ? '' : '; only the hours with a ranked slot are shown'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {hours.map((h) => (
                <th scope="col" key={h}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {DAYS.map((d) => (
              <tr key={d}>
                <th scope="row">{title(d)}</th>
                {hours.map((h) => {
                  const s = bySlot.get(`${d} ${h}`);
                  if (!s) return <td key={h} className="an-heat-0" />;
                  return (
                    <td key={h} className={`an-heat-${shade(s.engagementRate)}`}>
                      <span className="an-rank">#{s.rank}</span>{' '}
                      {s.engagementRate === null ? (
                        'default'
                      ) : (
                        <>
                          {percent(s.engagementRate)}
                          <br />
                          {number(s.posts)} post{s.posts === 1 ? '' : 's'}
                        </>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
