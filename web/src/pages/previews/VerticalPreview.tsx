// Stories and Reels in Compose: a 9:16 frame with the platform's overlay, as a phone
// shows them. A Story (Instagram or Facebook) has the progress bar, the account and
// "now" on top and the reply bar below, and no text: the post's text is not shown
// on a Story. A Reel (Instagram's videos, Facebook's contentType "reel") has the
// actions down the right and the account and its description folded at the bottom.
// An approximation to read, not the platform's rendering.
import { type Integration, PLATFORM_LABELS, type PlatformName } from '../../api/client.ts';
import { Avatar } from '../accounts/Avatar.tsx';
import type { MediaRow } from '../media/Media.tsx';
import { foldText } from './fold.ts';
import './vertical.css';

export type VerticalFormat = 'story' | 'reel';

/** Which vertical format the options (and the media) make of the post, if any. */
export function verticalFormat(
  platform: PlatformName,
  options: Record<string, unknown>,
  media: MediaRow[],
): VerticalFormat | null {
  if (platform !== 'instagram' && platform !== 'facebook') return null;
  if (options.contentType === 'story') return 'story';
  if (platform === 'facebook' && options.contentType === 'reel') return 'reel';
  // Instagram publishes a single video as a Reel.
  if (platform === 'instagram' && media.length === 1 && media[0]?.type === 'video') return 'reel';
  return null;
}

function Backdrop(props: { media: MediaRow | undefined; cover: string | null; format: VerticalFormat }) {
  const { media, cover } = props;
  if (media?.type === 'video')
    return cover ? (
      <img className="vp-media" src={cover} alt="Video cover" />
    ) : (
      <div className="vp-media vp-placeholder">Video: plays full screen</div>
    );
  if (media && (media.type === 'image' || media.type === 'gif'))
    return <img className="vp-media" src={media.url} alt="The post's attachment" />;
  return (
    <div className="vp-media vp-placeholder">
      {props.format === 'story'
        ? 'Add one photo or video for the Story'
        : 'Add one vertical video for the Reel'}
    </div>
  );
}

export function VerticalPreview(props: {
  platform: PlatformName;
  format: VerticalFormat;
  account: Integration | undefined;
  text: string;
  media: MediaRow[];
  cover: string | null;
}) {
  const { platform, format, account, media } = props;
  const name = account?.username ?? account?.displayName ?? 'Account';
  const avatar = <Avatar className="vp-avatar" src={account?.imageUrl} size={28} name={name} />;
  const what = format === 'story' ? 'Story' : 'Reel';
  const extra =
    media.length > 1 ? `Only one item is published as a ${what}; this post has ${media.length}.` : null;
  const { shown, folded } = foldText(platform, props.text);
  return (
    <figure className={`preview vp vp-${format} vp-${platform}`} data-testid={`preview-${platform}`}>
      <figcaption>
        {what} preview on {PLATFORM_LABELS[platform]}
      </figcaption>
      <div className="vp-frame" data-testid={`preview-${format}`}>
        <Backdrop media={media[0]} cover={props.cover} format={format} />
        {format === 'story' ? (
          <>
            <div className="vp-top">
              <div className="vp-progress" aria-hidden="true">
                <span />
              </div>
              <div className="vp-account">
                {avatar}
                <strong>{name}</strong>
                <span className="vp-time">now</span>
                <span className="vp-close" aria-hidden="true">
                  ×
                </span>
              </div>
            </div>
            <div className="vp-bottom vp-reply" aria-hidden="true">
              <span className="vp-reply-box">{platform === 'instagram' ? 'Send message' : 'Reply…'}</span>
              <span>♡</span>
              <span>➤</span>
            </div>
          </>
        ) : (
          <>
            <div className="vp-top vp-reels-label">
              <strong>Reels</strong>
            </div>
            <ul className="vp-actions" aria-hidden="true">
              <li>♡</li>
              <li>💬</li>
              <li>➤</li>
              <li>⋯</li>
            </ul>
            <div className="vp-bottom vp-caption">
              <div className="vp-account">
                {avatar}
                <strong>{name}</strong>
                <span className="vp-follow">Follow</span>
              </div>
              {props.text ? (
                <p className="vp-text">
                  {shown}
                  {folded ? <span className="vp-more"> … more</span> : null}
                </p>
              ) : null}
            </div>
          </>
        )}
      </div>
      {format === 'story' ? (
        <p className="vp-note" data-testid="preview-story-note">
          A Story shows no text and takes no first comment; it disappears after 24 hours.
        </p>
      ) : null}
      {extra ? <p className="vp-note vp-warn">{extra}</p> : null}
    </figure>
  );
}
