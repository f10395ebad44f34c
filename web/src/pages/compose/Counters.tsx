// "X 30/280 · Bluesky 55/300": each platform's count of the shared text, as the API measured it.
import { PLATFORM_LABELS, type PlatformName } from '../../api/client.ts';
import type { TextLength } from './TargetCounter.tsx';

export function Counters(props: { lengths: TextLength[] }) {
  if (props.lengths.length === 0)
    return <span className="counters">Character counts appear when accounts are chosen.</span>;
  return (
    <span className="counters">
      {props.lengths.map((l) => (
        <span
          key={l.target}
          className={`counter${l.length > l.limit ? ' counter-over' : ''}`}
          data-platform={l.platform}
          title={l.unit}
        >
          {PLATFORM_LABELS[l.platform as PlatformName] ?? l.platform} {l.length}/{l.limit}
        </span>
      ))}
    </span>
  );
}
