// The character count of one account's own text, as the API measured it for that
// platform ("X 30/280"), shown under that text like the shared text's counters.
import { PLATFORM_LABELS, type PlatformName } from '../../api/client.ts';

export interface TextLength {
  target: number;
  platform: string;
  length: number;
  limit: number;
  unit: string;
}

export function TargetCounter(props: { length: TextLength | undefined }) {
  const l = props.length;
  if (!l) return <span className="counters">The count appears once the text is checked.</span>;
  return (
    <span className="counters">
      <span
        className={`counter${l.length > l.limit ? ' counter-over' : ''}`}
        data-platform={l.platform}
        title={l.unit}
      >
        {PLATFORM_LABELS[l.platform as PlatformName] ?? l.platform} {l.length}/{l.limit}
      </span>
      {l.length > l.limit ? <span className="visually-hidden"> over the limit</span> : null}
    </span>
  );
}
