// X's thread as a list of posts to write, add and remove (threadItems: [{ content }]),
// instead of JSON. Each item is one more tweet chained after the post's own text.
import { useState } from 'react';

interface Item {
  content: string;
  [key: string]: unknown;
}

const itemsOf = (v: unknown): Item[] =>
  Array.isArray(v) ? v.map((x) => (x && typeof x === 'object' ? (x as Item) : { content: String(x) })) : [];

export function ThreadInput(props: {
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
  describedBy: string;
  invalid: boolean;
}) {
  // Kept here too: an empty new item is shown though the post would not send it yet.
  const [items, setItems] = useState<Item[]>(() => itemsOf(props.value));
  const set = (next: Item[]) => {
    setItems(next);
    props.onChange(next.length ? next : undefined);
  };
  return (
    <div className="repeat-list" id={props.id} aria-describedby={props.describedBy}>
      {items.length === 0 ? <p className="hint">No thread: the post is a single tweet.</p> : null}
      <ol>
        {items.map((item, i) => {
          const id = `${props.id}-${i}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the items are edited in place; their position is their identity.
            <li key={i}>
              <label htmlFor={id}>Thread post {i + 1}</label>
              <textarea
                id={id}
                rows={2}
                value={item.content}
                aria-invalid={props.invalid || undefined}
                onChange={(e) => set(items.map((x, j) => (j === i ? { ...x, content: e.target.value } : x)))}
              />
              <button
                type="button"
                className="secondary"
                onClick={() => set(items.filter((_, j) => j !== i))}
              >
                Remove<span className="visually-hidden"> thread post {i + 1}</span>
              </button>
            </li>
          );
        })}
      </ol>
      <button type="button" className="secondary" onClick={() => set([...items, { content: '' }])}>
        Add a thread post
      </button>
    </div>
  );
}
