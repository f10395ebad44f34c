// X's poll as its options (2 to 4) and how long it stays open, instead of JSON
// (poll: { options, durationMinutes }). The API says what is wrong beside the field.
import { useState } from 'react';

interface Poll {
  options: string[];
  durationMinutes: number | '';
}

const pollOf = (v: unknown): Poll | null => {
  if (!v || typeof v !== 'object') return null;
  const p = v as { options?: unknown; durationMinutes?: unknown };
  return {
    options: Array.isArray(p.options) ? p.options.map(String) : ['', ''],
    durationMinutes: typeof p.durationMinutes === 'number' ? p.durationMinutes : '',
  };
};

const MAX_OPTIONS = 4;
const DAY_MINUTES = 1440;

export function PollInput(props: {
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
  describedBy: string;
  invalid: boolean;
}) {
  const [poll, setPoll] = useState<Poll | null>(() => pollOf(props.value));
  const set = (next: Poll | null) => {
    setPoll(next);
    props.onChange(
      next
        ? { options: next.options, durationMinutes: next.durationMinutes === '' ? 0 : next.durationMinutes }
        : undefined,
    );
  };
  if (!poll)
    return (
      <div id={props.id} aria-describedby={props.describedBy}>
        <button
          type="button"
          className="secondary"
          onClick={() => set({ options: ['', ''], durationMinutes: DAY_MINUTES })}
        >
          Add a poll
        </button>
      </div>
    );
  return (
    <div className="repeat-list" id={props.id} aria-describedby={props.describedBy}>
      <ol>
        {poll.options.map((o, i) => {
          const id = `${props.id}-option-${i}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the options are edited in place; their position is their identity.
            <li key={i}>
              <label htmlFor={id}>Poll option {i + 1}</label>
              <input
                id={id}
                value={o}
                maxLength={25}
                aria-invalid={props.invalid || undefined}
                onChange={(e) =>
                  set({ ...poll, options: poll.options.map((x, j) => (j === i ? e.target.value : x)) })
                }
              />
              {poll.options.length > 2 ? (
                <button
                  type="button"
                  className="secondary"
                  onClick={() => set({ ...poll, options: poll.options.filter((_, j) => j !== i) })}
                >
                  Remove<span className="visually-hidden"> poll option {i + 1}</span>
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      {poll.options.length < MAX_OPTIONS ? (
        <button
          type="button"
          className="secondary"
          onClick={() => set({ ...poll, options: [...poll.options, ''] })}
        >
          Add a poll option
        </button>
      ) : null}
      <label htmlFor={`${props.id}-duration`}>Poll duration (minutes)</label>
      <input
        id={`${props.id}-duration`}
        type="number"
        min={5}
        max={10080}
        value={poll.durationMinutes}
        aria-invalid={props.invalid || undefined}
        onChange={(e) =>
          set({ ...poll, durationMinutes: e.target.value === '' ? '' : Number(e.target.value) })
        }
      />
      <span className="hint">From 5 minutes to 7 days (10080 minutes).</span>
      <button type="button" className="secondary" onClick={() => set(null)}>
        Remove the poll
      </button>
    </div>
  );
}
