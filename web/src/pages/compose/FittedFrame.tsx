// One media item drawn in the frame a platform will get it in (validate's frameAspect): padded
// over a blurred copy of itself, nothing cut, or cropped to the centre. The browser draws it
// from the original; the service makes the real derivative when it publishes.
import type { MediaRow } from '../media/Media.tsx';
import './fitted.css';

/** "4:5" for 0.8, "9:16" for 0.5625; two decimals otherwise. */
export function ratioWords(aspect: number): string {
  for (let h = 1; h <= 20; h++) {
    const w = aspect * h;
    if (Math.abs(w - Math.round(w)) < 0.02 * h && Math.round(w) > 0) return `${Math.round(w)}:${h}`;
  }
  return aspect.toFixed(2);
}

export function FittedFrame(props: { media: MediaRow; aspect: number; fit: 'pad' | 'crop'; label: string }) {
  const { media, aspect, fit } = props;
  const drawn =
    media.type === 'video' ? (
      <video className="fitted-main" src={media.url} muted preload="metadata" />
    ) : (
      <img className="fitted-main" src={media.url} alt="" />
    );
  return (
    <figure className={`fitted-frame fitted-${fit}`} data-fit={fit}>
      <div
        className="fitted-canvas"
        style={{ aspectRatio: String(aspect) }}
        role="img"
        aria-label={`${props.label} ${fit === 'pad' ? 'padded' : 'cropped'} to ${ratioWords(aspect)}`}
      >
        {fit === 'pad' && media.type !== 'video' ? (
          <img className="fitted-backdrop" src={media.url} alt="" aria-hidden="true" />
        ) : null}
        {drawn}
      </div>
      <figcaption>
        {ratioWords(aspect)}, {fit === 'pad' ? 'padded' : 'cropped'}
      </figcaption>
    </figure>
  );
}
