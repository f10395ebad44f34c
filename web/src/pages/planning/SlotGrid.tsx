// A posting queue's week as a grid: one row per time of day, one column per weekday,
// a checkbox where a slot is. Times are added and removed as whole rows.
import { useState } from 'react';
import { WEEKDAYS, type Weekday, type WeeklySlot } from './queues.ts';

const DAY_LABELS: Record<Weekday, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};
const capital = (d: string) => d.charAt(0).toUpperCase() + d.slice(1);

export interface Week {
  /** Every time of day with a row, HH:MM, sorted; a row may have no day ticked yet. */
  times: string[];
  slots: WeeklySlot[];
}

export const weekOf = (slots: readonly WeeklySlot[]): Week => ({
  times: [...new Set(slots.map((s) => s.time))].sort(),
  slots: [...slots],
});

export function SlotGrid(props: { value: Week; onChange: (w: Week) => void }) {
  const { times, slots } = props.value;
  const [newTime, setNewTime] = useState('09:00');
  const has = (day: Weekday, time: string) => slots.some((s) => s.day === day && s.time === time);
  const toggle = (day: Weekday, time: string) =>
    props.onChange({
      times,
      slots: has(day, time)
        ? slots.filter((s) => !(s.day === day && s.time === time))
        : [...slots, { day, time }],
    });
  const addTime = () => {
    if (!/^\d{2}:\d{2}$/.test(newTime) || times.includes(newTime)) return;
    props.onChange({ times: [...times, newTime].sort(), slots });
  };
  const removeTime = (time: string) =>
    props.onChange({ times: times.filter((t) => t !== time), slots: slots.filter((s) => s.time !== time) });
  return (
    <div className="slot-grid">
      {times.length === 0 ? (
        <p className="state-empty">No time slots yet. Add a time of day, then tick the days it applies to.</p>
      ) : (
        <div className="slot-grid-scroll">
          <table>
            <caption className="visually-hidden">Weekly slots: a row per time, a column per day</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                {WEEKDAYS.map((d) => (
                  <th scope="col" key={d}>
                    <abbr title={capital(d)}>{DAY_LABELS[d]}</abbr>
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {times.map((time) => (
                <tr key={time}>
                  <th scope="row">{time}</th>
                  {WEEKDAYS.map((d) => (
                    <td key={d}>
                      <input
                        type="checkbox"
                        aria-label={`${capital(d)} ${time}`}
                        checked={has(d, time)}
                        onChange={() => toggle(d, time)}
                      />
                    </td>
                  ))}
                  <td>
                    <button
                      type="button"
                      className="secondary small"
                      aria-label={`Remove ${time}`}
                      onClick={() => removeTime(time)}
                    >
                      ✕
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="add-time">
        <label>
          New time
          <input type="time" value={newTime} onChange={(e) => setNewTime(e.target.value)} />
        </label>
        <button type="button" className="secondary" onClick={addTime} disabled={times.includes(newTime)}>
          Add time
        </button>
      </div>
    </div>
  );
}
