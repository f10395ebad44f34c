// Compose's "Repeat" part: every N days, weeks or months, until a date or a number of
// times, and the variant texts that occurrences use in turn after the main text (some
// platforms refuse the same text twice). It becomes create's `recurrence` and `variants`.

export type Unit = 'day' | 'week' | 'month';
export interface Repeat {
  on: boolean;
  every: number;
  unit: Unit;
  end: 'never' | 'until' | 'count';
  until: string;
  count: number;
  variants: string[];
}

interface Recurrence {
  every: number;
  unit: Unit;
  until?: string;
  count?: number;
}

export const NO_REPEAT: Repeat = {
  on: false,
  every: 1,
  unit: 'week',
  end: 'never',
  until: '',
  count: 4,
  variants: [],
};

/** The form's state from a stored request (a draft opened again). */
export function repeatOf(raw: { recurrence?: Recurrence; variants?: string[] }): Repeat {
  const r = raw.recurrence;
  if (!r) return NO_REPEAT;
  return {
    on: true,
    every: r.every,
    unit: r.unit,
    end: r.until ? 'until' : r.count ? 'count' : 'never',
    until: r.until?.slice(0, 10) ?? '',
    count: r.count ?? NO_REPEAT.count,
    variants: raw.variants ?? [],
  };
}

/** The fields of a create (or draft) body; nothing when the post does not repeat. */
export function repeatBody(r: Repeat): { recurrence?: Recurrence; variants?: string[] } {
  if (!r.on) return {};
  const recurrence: Recurrence = {
    every: r.every,
    unit: r.unit,
    ...(r.end === 'until' && r.until ? { until: r.until } : {}),
    ...(r.end === 'count' ? { count: r.count } : {}),
  };
  const variants = r.variants.filter((v) => v.trim() !== '');
  return { recurrence, ...(variants.length ? { variants } : {}) };
}

const UNITS: { value: Unit; label: string }[] = [
  { value: 'day', label: 'days' },
  { value: 'week', label: 'weeks' },
  { value: 'month', label: 'months' },
];

export function RepeatFields(props: { value: Repeat; onChange: (r: Repeat) => void; messages: string[] }) {
  const r = props.value;
  const set = (patch: Partial<Repeat>) => props.onChange({ ...r, ...patch });
  const setVariant = (i: number, text: string) =>
    set({ variants: r.variants.map((v, j) => (j === i ? text : v)) });
  return (
    <fieldset className="repeat">
      <legend>Repeat</legend>
      <label className="inline">
        <input type="checkbox" checked={r.on} onChange={(e) => set({ on: e.target.checked })} /> Repeat this
        post
      </label>
      {r.on ? (
        <>
          <div className="repeat-rule">
            <label>
              Every
              <input
                type="number"
                min={1}
                max={366}
                value={r.every}
                onChange={(e) => set({ every: Math.max(1, Number(e.target.value) || 1) })}
              />
            </label>
            <label>
              Unit
              <select value={r.unit} onChange={(e) => set({ unit: e.target.value as Unit })}>
                {UNITS.map((u) => (
                  <option key={u.value} value={u.value}>
                    {u.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Ends
              <select value={r.end} onChange={(e) => set({ end: e.target.value as Repeat['end'] })}>
                <option value="never">Never</option>
                <option value="until">On a date</option>
                <option value="count">After a number of posts</option>
              </select>
            </label>
            {r.end === 'until' ? (
              <label>
                Last day
                <input type="date" value={r.until} onChange={(e) => set({ until: e.target.value })} />
              </label>
            ) : null}
            {r.end === 'count' ? (
              <label>
                Posts in all
                <input
                  type="number"
                  min={1}
                  max={1000}
                  value={r.count}
                  onChange={(e) => set({ count: Math.max(1, Number(e.target.value) || 1) })}
                />
              </label>
            ) : null}
          </div>
          <p className="hint">
            Each repeat is published at the first one’s time of day. Variants are used in turn after the main
            text, because some platforms refuse the same text twice.
          </p>
          <ol className="variants">
            {r.variants.map((v, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: variants are used in their order; the position is their identity.
              <li key={i}>
                <label htmlFor={`variant-${i}`}>Variant {i + 1}</label>
                <textarea
                  id={`variant-${i}`}
                  rows={2}
                  value={v}
                  onChange={(e) => setVariant(i, e.target.value)}
                />
                <button
                  type="button"
                  className="secondary"
                  onClick={() => set({ variants: r.variants.filter((_, j) => j !== i) })}
                >
                  Remove variant {i + 1}
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className="secondary" onClick={() => set({ variants: [...r.variants, ''] })}>
            Add a variant
          </button>
        </>
      ) : null}
      <ul className="messages" aria-live="polite">
        {props.messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </fieldset>
  );
}
