// What the service will convert for one account before publishing (POST /v1/posts/validate
// answers it as `conversions`), and the switch between padding and cropping for that account
// (its platformSpecificData.fit, which overrides the post's).
import { PLATFORM_LABELS, type PlatformName } from '../../api/client.ts';
import type { MediaRow } from '../media/Media.tsx';
import { FittedFrame } from './FittedFrame.tsx';

export interface Conversion {
  target: number;
  platform: string;
  item: number;
  fit: 'pad' | 'crop';
  description: string;
  /** Width ÷ height of the frame the item is fitted to, when its shape changes. */
  frameAspect?: number;
}

export function MediaConversions(props: {
  idPrefix: string;
  platform: PlatformName;
  conversions: readonly Conversion[];
  /** The post's media, to draw each reshaped item as it will be published. */
  media: readonly MediaRow[];
  onFit: (fit: 'pad' | 'crop') => void;
}) {
  const { conversions, idPrefix } = props;
  if (conversions.length === 0) return null;
  const fit = conversions[0]?.fit ?? 'pad';
  const reshaped = conversions.some((c) => / (padded|cropped) /.test(c.description));
  const framed = conversions.filter((c) => c.frameAspect && props.media[c.item]?.type !== 'document');
  return (
    <section className="media-conversions" aria-labelledby={`${idPrefix}-conversions`}>
      <h3 id={`${idPrefix}-conversions`}>Converted for {PLATFORM_LABELS[props.platform]}</h3>
      <ul>
        {conversions.map((c) => (
          <li key={c.item}>
            Media {c.item + 1}: {c.description}
          </li>
        ))}
      </ul>
      {framed.length > 0 ? (
        <div className="fitted-frames">
          {framed.map((c) => (
            <FittedFrame
              key={c.item}
              media={props.media[c.item] as MediaRow}
              aspect={c.frameAspect as number}
              fit={c.fit}
              label={`Media ${c.item + 1} for ${PLATFORM_LABELS[props.platform]}`}
            />
          ))}
        </div>
      ) : null}
      {reshaped ? (
        <fieldset className="inline">
          <legend>Fit the frame by</legend>
          {(['pad', 'crop'] as const).map((f) => (
            <label key={f} className="inline">
              <input
                type="radio"
                name={`${idPrefix}-fit`}
                checked={fit === f}
                onChange={() => props.onFit(f)}
              />{' '}
              {f === 'pad' ? 'Padding (nothing cut)' : 'Cropping the centre'}
            </label>
          ))}
        </fieldset>
      ) : null}
    </section>
  );
}
