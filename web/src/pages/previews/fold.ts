// Where each feed folds a long text behind its "more" link. The platforms do not
// publish these numbers: they are what their apps show in a feed in late 2026,
// approximate (a fold also falls at a line break), and only for the preview.
// What a platform accepts is the API's word (POST /v1/posts/validate), never this.
import type { PlatformName } from '../../api/client.ts';

interface Fold {
  /** Characters shown before the fold. */
  chars: number;
  /** Lines shown before the fold (a short text with many line breaks folds too). */
  lines: number;
  /** The link the feed shows at the fold. */
  more: string;
}

export const FOLDS: Partial<Record<PlatformName, Fold>> = {
  // X shows a long post (Premium, over 280) up to its first 280 characters.
  twitter: { chars: 280, lines: 12, more: 'Show more' },
  instagram: { chars: 125, lines: 2, more: 'more' },
  linkedin: { chars: 210, lines: 3, more: '…see more' },
  facebook: { chars: 480, lines: 5, more: 'See more' },
  threads: { chars: 500, lines: 12, more: 'more' },
};

/** The text as the feed first shows it, and whether a "more" link follows. */
export function foldText(platform: PlatformName, text: string): { shown: string; folded: boolean } {
  const fold = FOLDS[platform];
  if (!fold) return { shown: text, folded: false };
  const chars = [...text];
  let cut = Math.min(chars.length, fold.chars);
  // The line limit: cut after the `lines`-th line break.
  let breaks = 0;
  for (let i = 0; i < cut; i++) {
    if (chars[i] === '\n' && ++breaks === fold.lines) {
      cut = i;
      break;
    }
  }
  if (cut >= chars.length) return { shown: text, folded: false };
  // At a word when one ends near the cut, as the apps do.
  const head = chars.slice(0, cut).join('');
  const space = head.lastIndexOf(' ');
  return { shown: (space > cut * 0.8 ? head.slice(0, space) : head).trimEnd(), folded: true };
}

/** The first web address in a text (what a platform turns into a link card when no media is attached). */
export const firstLink = (text: string): string | null => /https?:\/\/[^\s]+/.exec(text)?.[0] ?? null;
