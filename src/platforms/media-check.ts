/**
 * A target's media against its platform's rules (media/rules.ts, stated in each
 * module's media-rules.ts), from what create knows of each file. With
 * `mediaProcessing: "off"` every breach is a problem of the post; with `"auto"`
 * (the default) a breach that converting fixes becomes a planned conversion,
 * said in words ("image padded from 1:3 to 4:5 for Instagram"), and only what
 * converting can not fix without losing content (a video longer than allowed,
 * unless `trim` is asked for) stays a problem.
 */
import { type Breach, checkMedia, type MediaFormat, nameOf, oneRatio, ratioInWords } from '../media/rules.ts';
import type { PlatformModule } from './module.ts';
import type { MediaInput, PostInput, TargetInput } from './shared/input.ts';

export type Fit = 'pad' | 'crop';

/** What the converter will do to one item for one target. */
export interface PlannedConversion {
  /** Index in the post's mediaItems. */
  item: number;
  /** The key of the format in the module's mediaRules. */
  format: string;
  fit: Fit;
  trim: boolean;
  breaches: Breach[];
  /** In words, for warningMessage and validate: "image padded from 1:3 to 4:5 for Instagram". */
  description: string;
  /** Width ÷ height of the frame it is fitted to, when its shape changes (a preview draws it). */
  frameAspect?: number;
}

export interface TargetMediaVerdict {
  problems: string[];
  conversions: PlannedConversion[];
}

/** The target's own `fit` and `trim` (platformSpecificData), else the post's, else pad and no trimming. */
export function fittingOf(target: TargetInput, post: PostInput): { fit: Fit; trim: boolean } {
  const psd = (target.platformSpecificData ?? {}) as { fit?: unknown; trim?: unknown };
  const fit = psd.fit === 'crop' || psd.fit === 'pad' ? psd.fit : (post.fit ?? 'pad');
  const trim = typeof psd.trim === 'boolean' ? psd.trim : (post.trim ?? false);
  return { fit, trim };
}

export function targetMediaVerdict(
  module: Pick<PlatformModule, 'displayName' | 'mediaRules'>,
  target: TargetInput,
  post: PostInput,
): TargetMediaVerdict {
  const out: TargetMediaVerdict = { problems: [], conversions: [] };
  const rules = module.mediaRules;
  if (!rules) return out;
  const mode = post.mediaProcessing ?? 'auto';
  const { fit, trim } = fittingOf(target, post);
  const options = (target.platformSpecificData ?? {}) as Record<string, unknown>;
  post.mediaItems.forEach((item, i) => {
    const key = rules.formatOf({ kind: item.type, itemCount: post.mediaItems.length, options });
    const format = key === null ? undefined : rules.formats[key];
    // No format: the module's own validation says why the item does not belong here.
    if (!format || key === null) return;
    const breaches = checkMedia(format, { kind: item.type, ...(item.facts ?? {}) });
    if (breaches.length === 0) return;
    const where = `mediaItems[${i}]`;
    const fixable = (b: Breach) => b.convertible || (trim && b.rule === 'duration_long');
    if (mode === 'off' || breaches.some((b) => !fixable(b))) {
      for (const b of breaches)
        if (mode === 'off' || !fixable(b))
          out.problems.push(
            `${where} ${b.message}${mode === 'off' && fixable(b) ? ' (mediaProcessing is "off", so it is not converted)' : ''}`,
          );
      return;
    }
    const frameAspect = reshapedAspect(item, breaches, format);
    out.conversions.push({
      item: i,
      format: key,
      fit,
      trim,
      breaches,
      description: describeConversion(item, breaches, format, fit, module.displayName),
      ...(frameAspect ? { frameAspect } : {}),
    });
  });
  return out;
}

/** The ratio a conversion fits the item to, when it breaks the aspect rule and its frame is known. */
function reshapedAspect(
  item: MediaInput,
  breaches: readonly Breach[],
  format: MediaFormat,
): number | undefined {
  const { width, height } = item.facts ?? {};
  if (!width || !height || !breaches.some((b) => b.rule === 'aspect')) return undefined;
  return targetAspect(width / height, aspectRange(item, format));
}

/** The aspect range of the item's kind in the format. */
const aspectRange = (item: MediaInput, format: MediaFormat) =>
  item.type === 'video' ? format.video?.aspect : format.image?.aspect;

/** The aspect ratio an image of ratio `r` is fitted to: the nearest end of the allowed range. */
export function targetAspect(r: number, range: { min?: number; max?: number } | undefined): number {
  if (range?.min !== undefined && r < range.min) return range.min;
  if (range?.max !== undefined && r > range.max) return range.max;
  return r;
}

/** "image padded from 1:3 to 4:5 and re-encoded from PNG to JPEG for Instagram". */
export function describeConversion(
  item: MediaInput,
  breaches: readonly Breach[],
  format: MediaFormat,
  fit: Fit,
  platform: string,
): string {
  const has = (r: Breach['rule']) => breaches.some((b) => b.rule === r);
  const f = item.facts ?? {};
  const parts: string[] = [];
  const noun = item.type === 'gif' ? 'GIF' : item.type;
  if (item.type === 'gif' && format.gif === 'video') parts.push('converted to an H.264 MP4 video');
  const toAspect = reshapedAspect(item, breaches, format);
  if (toAspect && f.width && f.height) {
    const range = aspectRange(item, format) ?? {};
    const done = fit === 'pad' ? 'padded' : 'cropped';
    // A range around one ratio (a Reel's 9:16) is named as that ratio, as the rule's message names it.
    parts.push(
      `${done} from ${ratioInWords(f.width / f.height)} to ${ratioInWords(oneRatio(range) ?? toAspect)}`,
    );
  }
  if (has('width') || has('height') || has('pixels')) parts.push('resized');
  if (item.type === 'video' && (has('container') || has('video_codec') || has('audio_codec'))) {
    const from = f.videoCodec ? nameOf(f.videoCodec) : f.mimeType ? nameOf(f.mimeType) : 'its format';
    parts.push(`re-encoded from ${from} to H.264/AAC MP4`);
  } else if (has('format') && f.mimeType)
    parts.push(`re-encoded from ${nameOf(f.mimeType)} to ${imageTarget(format)}`);
  if (has('fps')) parts.push('resampled in frame rate');
  if (has('bitrate') || (has('bytes') && !has('format'))) parts.push('compressed');
  if (has('duration_long')) parts.push('trimmed');
  return `${noun} ${parts.join(' and ') || 'converted'} for ${platform}`;
}

/** The image type a converted image is written as: JPEG where the platform takes it, else its first type. */
export function imageTarget(format: MediaFormat): string {
  const formats = format.image?.formats ?? ['image/jpeg'];
  return nameOf(formats.includes('image/jpeg') ? 'image/jpeg' : (formats[0] ?? 'image/jpeg'));
}
