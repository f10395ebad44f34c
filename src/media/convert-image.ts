/**
 * Fits an image to one platform format (media/rules.ts) with sharp (libvips):
 * the aspect ratio brought into the allowed range by padding (the image whole,
 * on a blurred, enlarged copy of itself) or by cropping the centre, the size
 * brought under the pixel and side limits, and the bytes re-encoded in a type the
 * platform takes (JPEG where it can, its alpha flattened onto white), lowering the
 * quality and then the size until the file fits. It only decides how; whether an
 * image needs converting is the rules' answer (platforms/media-check.ts).
 */
import type { Sharp } from 'sharp';
import type { Fit } from '../platforms/media-check.ts';
import { targetAspect } from '../platforms/media-check.ts';
import type { ImageRule } from './rules.ts';

export interface ConvertedImage {
  bytes: Buffer;
  mimeType: string;
  width: number;
  height: number;
}

type SharpFn = typeof import('sharp').default;
let loading: Promise<SharpFn> | null = null;
/**
 * sharp (and libvips under it) is loaded on the first conversion, not when publishing's
 * modules load: it cost every process half a second and 20 MB at start, and most
 * processes convert nothing for a long while, if ever.
 */
function loadSharp(): Promise<SharpFn> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips holds decoded pixels off the JS heap; one image at a time per conversion keeps it bounded.
    sharp.concurrency(1);
    return sharp;
  });
  // A failed load is tried again on the next conversion rather than remembered.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
const INPUT_PIXEL_LIMIT = 268_402_689; // libvips' own default (16384²): a decompression bomb is refused.

/** The canvas an image of w×h becomes: the aspect fitted, then scaled under the rule's limits. */
export function canvasFor(
  w: number,
  h: number,
  rule: ImageRule,
  fit: Fit,
): { width: number; height: number } {
  const r = w / h;
  const want = targetAspect(r, rule.aspect);
  let cw = w;
  let ch = h;
  if (want !== r) {
    const wider = want > r;
    // Pad grows the short side; crop shrinks the long one.
    if (fit === 'pad') [cw, ch] = wider ? [h * want, h] : [w, w / want];
    else [cw, ch] = wider ? [w, w / want] : [h * want, h];
  }
  let scale = 1;
  const side = rule.maxSide ?? Number.POSITIVE_INFINITY;
  scale = Math.min(scale, side / Math.max(cw, ch));
  if (rule.width?.max) scale = Math.min(scale, rule.width.max / cw);
  if (rule.height?.max) scale = Math.min(scale, rule.height.max / ch);
  if (rule.maxPixels) scale = Math.min(scale, Math.sqrt((rule.maxPixels - 1) / (cw * ch)));
  // Telegram's photos: width and height together at most a sum (10,000 px).
  if (rule.maxSideSum) scale = Math.min(scale, (rule.maxSideSum - 1) / (cw + ch));
  if (rule.width?.min) scale = Math.max(scale, rule.width.min / cw);
  if (rule.height?.min) scale = Math.max(scale, rule.height.min / ch);
  return { width: Math.max(1, Math.round(cw * scale)), height: Math.max(1, Math.round(ch * scale)) };
}

/** The type to write: JPEG where the rule takes it, else PNG or WebP, else JPEG. */
export function outputType(rule: ImageRule): 'image/jpeg' | 'image/png' | 'image/webp' {
  for (const t of ['image/jpeg', 'image/png', 'image/webp'] as const) if (rule.formats.includes(t)) return t;
  return 'image/jpeg';
}

function encode(img: Sharp, type: string, quality: number): Sharp {
  if (type === 'image/png') return img.png({ compressionLevel: 9 });
  if (type === 'image/webp') return img.webp({ quality });
  return img.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: false });
}

/** The image at `path` fitted to `rule`; sizes the rule does not limit are kept. */
export async function convertImage(path: string, rule: ImageRule, fit: Fit): Promise<ConvertedImage> {
  const sharp = await loadSharp();
  const source = () => sharp(path, { limitInputPixels: INPUT_PIXEL_LIMIT, animated: false }).rotate();
  const meta = await source().metadata();
  // EXIF orientation 5–8 swaps the sides once rotated.
  const turned = (meta.orientation ?? 1) >= 5;
  const w = (turned ? meta.height : meta.width) ?? 0;
  const h = (turned ? meta.width : meta.height) ?? 0;
  if (!w || !h) throw new Error('the image has no readable dimensions');
  const type = outputType(rule);
  let { width, height } = canvasFor(w, h, rule, fit);
  for (let shrink = 0; shrink < 6; shrink++) {
    const framed = await frame(sharp, source, width, height, fit);
    for (const quality of [88, 80, 70, 60]) {
      const bytes = await encode(sharp(framed), type, quality).toBuffer();
      if (rule.maxBytes === undefined || bytes.length <= rule.maxBytes)
        return { bytes, mimeType: type, width, height };
      if (type === 'image/png') break;
    }
    // Still too large at the lowest quality: a smaller image, same shape.
    width = Math.max(1, Math.round(width * 0.8));
    height = Math.max(1, Math.round(height * 0.8));
  }
  throw new Error(`the image could not be made smaller than ${rule.maxBytes} bytes`);
}

/** The image on a width×height canvas, as raw-free PNG bytes for the encoder. */
async function frame(
  sharp: SharpFn,
  source: () => Sharp,
  width: number,
  height: number,
  fit: Fit,
): Promise<Buffer> {
  if (fit === 'crop')
    return source().resize(width, height, { fit: 'cover', position: 'centre' }).png().toBuffer();
  // Pad: the whole image in the middle, on a blurred copy that fills the frame (no bars of one colour).
  const [background, foreground] = await Promise.all([
    source()
      .resize(Math.max(1, Math.round(width / 8)), Math.max(1, Math.round(height / 8)), { fit: 'cover' })
      .blur(4)
      .resize(width, height, { fit: 'fill' })
      .png()
      .toBuffer(),
    source().resize(width, height, { fit: 'inside' }).png().toBuffer(),
  ]);
  return sharp(background)
    .composite([{ input: foreground, gravity: 'centre' }])
    .png()
    .toBuffer();
}
