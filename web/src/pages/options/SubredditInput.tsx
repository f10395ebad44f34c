// Reddit's subreddit option: the name after a fixed "r/", as Reddit shows it; a pasted
// "r/name" keeps only the name. The API says what is wrong (a subreddit that does not
// exist, or whose rules refuse the post) beside the field.
import type { describedBy } from '../../ui.tsx';
import { subredditName } from './reddit.ts';

export function SubredditInput(props: {
  id: string;
  value: unknown;
  onChange: (v: string | undefined) => void;
  aria: ReturnType<typeof describedBy>;
}) {
  return (
    <span className="subreddit-input">
      <span aria-hidden="true">r/</span>
      <input
        id={props.id}
        type="text"
        autoComplete="off"
        spellCheck={false}
        value={typeof props.value === 'string' ? props.value : ''}
        onChange={(e) => {
          const name = subredditName(e.target.value);
          props.onChange(name === '' ? undefined : name);
        }}
        {...props.aria}
      />
    </span>
  );
}
