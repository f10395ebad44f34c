// An account's picture in a preview, or its initial when it has none or the picture
// fails to load (a removed image, an unreachable host): never a broken-image icon.
import { useState } from 'react';

export function PreviewAvatar(props: {
  className: string;
  src: string | null | undefined;
  size: number;
  name: string;
}) {
  const [broken, setBroken] = useState(false);
  if (props.src && !broken)
    return (
      <img
        className={props.className}
        src={props.src}
        alt=""
        width={props.size}
        height={props.size}
        onError={() => setBroken(true)}
      />
    );
  return (
    <span className={`${props.className} ${props.className}-letter`} aria-hidden="true">
      {props.name.replace(/^@/, '').slice(0, 1).toUpperCase()}
    </span>
  );
}
