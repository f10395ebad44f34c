// An account's picture, or its initials when it has none or the picture fails to load
// (a removed image, an unreachable host): never a broken-image icon. The one avatar of
// the dashboard: account labels, previews and the page choosing accounts to connect.
import { useState } from 'react';

/** "Sim Channel" → "SC", "@simchannel" → "S": the first letters of the first two words. */
export const initialsOf = (name: string): string =>
  name
    .replace(/^@/, '')
    .split(/[\s._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.slice(0, 1).toUpperCase())
    .join('') || '?';

export function Avatar(props: {
  src: string | null | undefined;
  name: string;
  size: number;
  className: string;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  if (props.src && broken !== props.src)
    return (
      <img
        className={props.className}
        src={props.src}
        alt=""
        width={props.size}
        height={props.size}
        onError={() => setBroken(props.src ?? null)}
      />
    );
  return (
    <span className={`${props.className} ${props.className}-letter`} aria-hidden="true">
      {initialsOf(props.name)}
    </span>
  );
}
