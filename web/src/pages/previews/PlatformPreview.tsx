// How a post will look on each platform, beside its text in Compose: the account's
// avatar and handle, the text folded where the feed folds it ("… more"), and what
// the options make of it: an X thread, a carousel of several images, a link card,
// a video with its cover; Stories and Reels in their 9:16 frame (VerticalPreview.tsx).
// An approximation to read, not the platform's rendering.
import { type Integration, PLATFORM_LABELS, type PlatformName } from '../../api/client.ts';
import { atHandle } from '../accounts/AccountLabel.tsx';
import { Avatar } from '../accounts/Avatar.tsx';
import type { MediaRow } from '../media/Media.tsx';
import { FOLDS, firstLink, foldText } from './fold.ts';
import './previews.css';
import { VerticalPreview, verticalFormat } from './VerticalPreview.tsx';

type Options = Record<string, unknown>;

/** A video's cover as the options name it (each platform has its own field). */
function coverOf(platform: PlatformName, options: Options): string | null {
  const field = { instagram: 'coverUrl', facebook: 'videoThumbnailUrl', pinterest: 'coverImageUrl' }[
    platform as string
  ];
  const value = field ? options[field] : undefined;
  return typeof value === 'string' && value ? value : null;
}

/** The X thread's further posts, from the threadItems option. */
function threadOf(options: Options): string[] {
  const items = options.threadItems;
  if (!Array.isArray(items)) return [];
  return items.map((i) => (i && typeof i === 'object' && typeof i.content === 'string' ? i.content : ''));
}

function Folded(props: { platform: PlatformName; text: string }) {
  const { shown, folded } = foldText(props.platform, props.text);
  if (!props.text) return <p className="pv-text pv-empty">(no text)</p>;
  return (
    <p className="pv-text">
      {shown}
      {folded ? (
        <>
          {' '}
          <span className="pv-more" data-testid="preview-more">
            {FOLDS[props.platform]?.more === 'more' ? '… more' : FOLDS[props.platform]?.more}
          </span>
        </>
      ) : null}
    </p>
  );
}

function Media(props: { media: MediaRow[]; cover: string | null; platform: PlatformName }) {
  const { media } = props;
  if (media.length === 0) return null;
  const video = media.find((m) => m.type === 'video');
  if (video)
    return (
      <div className="pv-video" data-testid="preview-video">
        {props.cover ? (
          <img src={props.cover} alt="Video cover" />
        ) : (
          <span>Video: the first frame is its cover</span>
        )}
        <span className="pv-play" aria-hidden="true">
          ▶
        </span>
      </div>
    );
  const images = media.filter((m) => m.type === 'image' || m.type === 'gif');
  if (images.length > 1)
    return (
      <div className="pv-carousel" data-testid="preview-carousel">
        <img src={images[0]?.url} alt={`Attachment 1 of ${images.length}`} />
        <span className="pv-count">1/{images.length}</span>
        <span className="visually-hidden">A carousel: swipe for the other {images.length - 1}</span>
      </div>
    );
  const doc = media.find((m) => m.type === 'document');
  if (doc && images.length === 0) return <div className="pv-doc">Document: {doc.url.split('/').pop()}</div>;
  return (
    <div className="pv-image">
      <img src={images[0]?.url} alt="Attachment" />
    </div>
  );
}

function LinkCard(props: { url: string }) {
  let host = props.url;
  try {
    host = new URL(props.url).hostname;
  } catch {
    // Not a full address yet (being typed): shown as it is.
  }
  return (
    <div className="pv-link" data-testid="preview-link">
      <span className="pv-link-host">{host}</span>
      <span className="pv-link-title">Link preview: title and image from the page</span>
    </div>
  );
}

export function PlatformPreview(props: {
  platform: PlatformName;
  account: Integration | undefined;
  text: string;
  media: MediaRow[];
  options?: Options;
}) {
  const { platform, account, text, media } = props;
  const options = props.options ?? {};
  // A Story or a Reel is shown in its 9:16 frame instead of as a feed post.
  const vertical = verticalFormat(platform, options, media);
  if (vertical)
    return (
      <VerticalPreview
        platform={platform}
        format={vertical}
        account={account}
        text={text}
        media={media}
        cover={coverOf(platform, options)}
      />
    );
  const name = account?.displayName ?? account?.username ?? 'Account';
  const handle = account?.username
    ? platform === 'twitter' || platform === 'threads'
      ? atHandle(account.username)
      : account.username
    : null;
  const link =
    media.length === 0 ? (typeof options.link === 'string' && options.link) || firstLink(text) || null : null;
  const thread = platform === 'twitter' ? threadOf(options) : [];
  return (
    <figure className={`preview pv pv-${platform}`} data-testid={`preview-${platform}`}>
      <figcaption>Preview on {PLATFORM_LABELS[platform]}</figcaption>
      <div className="pv-post">
        <div className="pv-head">
          <Avatar className="pv-avatar" src={account?.imageUrl} size={36} name={name} />
          <span className="pv-names">
            <strong>{name}</strong>
            {handle ? <span className="pv-handle">{handle}</span> : null}
          </span>
        </div>
        {platform === 'instagram' ? (
          <>
            <Media media={media} cover={coverOf(platform, options)} platform={platform} />
            <Folded platform={platform} text={text ? `${account?.username ?? name} ${text}` : ''} />
          </>
        ) : (
          <>
            <Folded platform={platform} text={text} />
            <Media media={media} cover={coverOf(platform, options)} platform={platform} />
            {link ? <LinkCard url={link} /> : null}
          </>
        )}
      </div>
      {thread.length ? (
        <ol className="pv-thread" aria-label="The rest of the thread" data-testid="preview-thread">
          {thread.map((t, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the thread's posts are edited in place, by position.
            <li key={i} className="pv-post">
              <span className="pv-thread-mark">
                {i + 2}/{thread.length + 1}
              </span>
              <Folded platform={platform} text={t} />
            </li>
          ))}
        </ol>
      ) : null}
    </figure>
  );
}
