/**
 * The media one target publishes: the post's originals, untouched, when its
 * platform takes them; otherwise, with `mediaProcessing: "auto"`, a derivative per
 * refused item, fitted to the platform's rules. Images are fitted here, in the
 * attempt (media/convert-image.ts: a fraction of a second). Videos, and GIFs the
 * platform wants as video, are converted by the `convert_media` job
 * (convert-media-job.ts) before the publish step: the attempt records the
 * conversion, enqueues it and waits (`processing media` on the target), then
 * publishes what it made. Each derivative is written once under a content-addressed
 * name (project, source bytes and recipe) in the media store, beside the uploads,
 * with a record that lets the store serve it at the same kind of public URL as an
 * upload, so a platform that pulls by URL fetches it and one that takes bytes is
 * sent them from the store; a run that dies after writing it finds it again and
 * reuses it. The derivative is checked again against the same rules: one that
 * still breaks them fails the target with the reason, never publishes. What was
 * done is the target's warning ("image padded from 1:3 to 4:5 for Instagram").
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { convertImage } from '../../media/convert-image.ts';
import { checkMedia, type MediaFormat } from '../../media/rules.ts';
import { type PlannedConversion, targetMediaVerdict } from '../../platforms/media-check.ts';
import type { PlatformModule } from '../../platforms/module.ts';
import type { MediaInput, PostInput } from '../../platforms/shared/input.ts';
import { isUniqueViolation } from '../../store/unique-violation.ts';
import { mediaFactsOf, type StoredMedia } from '../posts/types.ts';
import {
  convertJobId,
  convertMediaJob,
  derivativeId,
  findDerivative,
  type StoredDerivative,
  sha256File,
  storeDerivative,
} from './convert-media-job.ts';

export { DERIVATIVE_SOURCE } from './convert-media-job.ts';

/** One derivative a target publishes instead of an original (ledger `media`). */
export interface TargetDerivative {
  /** Index in the post's mediaItems. */
  item: number;
  /** Its media_uploads record (source `derivative`); absent in ledgers written before it was kept. */
  mediaId?: string;
  url: string;
  mimeType: string;
  width: number;
  height: number;
  size: number;
  description: string;
}

export class MediaNotFitted extends Error {}

/** A video conversion is under way (the `convert_media` job): the attempt waits and runs again. */
export class MediaConverting extends Error {}

/** The post-level choices of a stored post (its create request). */
function choicesOf(rawRequest: string | null): Pick<PostInput, 'mediaProcessing' | 'fit' | 'trim'> {
  try {
    const r = JSON.parse(rawRequest ?? '{}') as Record<string, unknown>;
    return {
      ...(r.mediaProcessing === 'off' ? { mediaProcessing: 'off' as const } : {}),
      ...(r.fit === 'crop' ? { fit: 'crop' as const } : {}),
      ...(r.trim === true ? { trim: true } : {}),
    };
  } catch {
    return {};
  }
}

/** Whether the item becomes a video (a video, or a GIF the format takes only as video). */
const asVideo = (item: StoredMedia, format: MediaFormat): boolean =>
  Boolean(format.video) && (item.type === 'video' || (item.type === 'gif' && format.gif === 'video'));

/**
 * The derivatives this target needs, made (or found) now. Empty: the originals
 * go as they are. Throws MediaNotFitted when a derivative can not meet the rules,
 * MediaConverting while a video conversion is under way.
 */
export async function prepareTargetMedia(
  ctx: AppContext,
  module: Pick<PlatformModule, 'displayName' | 'mediaRules'>,
  post: { id: string; project_id: string; content: string; media: string; raw_request: string | null },
  target: { platform: string; accountId: string; platformSpecificData: Record<string, unknown> },
  signal: AbortSignal,
  /** Called once before the first conversion starts (the target then shows `processing media`). */
  onConverting: () => Promise<void> = async () => {},
): Promise<TargetDerivative[]> {
  const rules = module.mediaRules;
  if (!rules) return [];
  const stored = JSON.parse(post.media) as StoredMedia[];
  const choices = choicesOf(post.raw_request);
  if (choices.mediaProcessing === 'off') return [];
  const input: PostInput = {
    content: post.content,
    mediaItems: stored.map((m) => ({
      type: m.type as MediaInput['type'],
      url: m.url,
      facts: mediaFactsOf(m),
    })),
    ...choices,
  };
  const verdict = targetMediaVerdict(
    module,
    {
      platform: target.platform as never,
      accountId: target.accountId,
      platformSpecificData: target.platformSpecificData,
    },
    input,
  );
  const out: TargetDerivative[] = [];
  let started = false;
  const starting = async () => {
    if (!started) await onConverting();
    started = true;
  };
  let waiting = false;
  for (const plan of verdict.conversions) {
    const item = stored[plan.item];
    const format = rules.formats[plan.format];
    if (!item || !format) continue;
    let made: StoredDerivative | undefined;
    if (asVideo(item, format)) {
      await starting();
      made = await videoDerivative(ctx, post, item, plan, format);
      if (!made) {
        waiting = true;
        continue;
      }
    } else if (item.type === 'image' && format.image) {
      await starting();
      made = await imageDerivative(ctx, post.project_id, item, plan, format, signal);
      // The derivative against the same rules: a converter bug fails the target, it never publishes.
      const left = checkMedia(format, { kind: 'image', ...made });
      if (left.length > 0)
        throw new MediaNotFitted(
          `the converted image still breaks ${module.displayName}'s rules: ${left.map((b) => b.message).join('; ')}`,
        );
    } else continue;
    out.push({
      item: plan.item,
      mediaId: made.id,
      url: made.url,
      mimeType: made.mimeType,
      width: made.width,
      height: made.height,
      size: made.size,
      description: plan.description,
    });
  }
  if (waiting) throw new MediaConverting('processing media');
  return out;
}

async function imageDerivative(
  ctx: AppContext,
  projectId: string,
  item: StoredMedia,
  plan: PlannedConversion,
  format: MediaFormat,
  signal: AbortSignal,
): Promise<StoredDerivative> {
  const rule = format.image;
  if (!rule) throw new MediaNotFitted(`${format.title} take no images`);
  const staged = await ctx.media.stage(
    { type: 'image', url: item.url },
    `media item ${plan.item + 1}`,
    signal,
  );
  try {
    const recipe = JSON.stringify({ v: 1, rule, fit: plan.fit });
    const id = derivativeId(projectId, await sha256File(staged.path), recipe);
    const found = await findDerivative(ctx, id);
    if (found) return found;
    const image = await convertImage(staged.path, rule, plan.fit);
    const ext = image.mimeType === 'image/png' ? 'png' : image.mimeType === 'image/webp' ? 'webp' : 'jpg';
    return await storeDerivative(ctx, projectId, id, { bytes: image.bytes }, { ...image, ext });
  } finally {
    await staged.dispose();
  }
}

/**
 * The video derivative of one item, when the `convert_media` job has made it;
 * undefined while it is being made (the conversion is recorded and enqueued on
 * the first ask). One conversion per post, source and recipe, whatever the
 * number of targets that need it.
 */
async function videoDerivative(
  ctx: AppContext,
  post: { id: string; project_id: string },
  item: StoredMedia,
  plan: PlannedConversion,
  format: MediaFormat,
): Promise<StoredDerivative | undefined> {
  const rule = format.video;
  if (!rule) throw new MediaNotFitted(`${format.title} take no videos`);
  const recipe = JSON.stringify({ v: 1, rule, fit: plan.fit, trim: plan.trim });
  const conversionId = `mc_${createHash('sha256')
    .update(`${post.id}\n${item.url}\n${recipe}`)
    .digest('hex')
    .slice(0, 32)}`;
  const { db } = ctx.store;
  const row = await db
    .selectFrom('media_conversions')
    .selectAll()
    .where('id', '=', conversionId)
    .executeTakeFirst();
  if (row?.status === 'failed') throw new MediaNotFitted(row.error ?? 'the video could not be converted');
  if (row?.status === 'done' && row.media_id && row.url && row.mime_type)
    return {
      id: row.media_id,
      url: row.url,
      mimeType: row.mime_type,
      width: row.width ?? 0,
      height: row.height ?? 0,
      size: row.size ?? 0,
    };
  if (row) return undefined;
  const at = ctx.now().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('media_conversions')
        .values({
          id: conversionId,
          project_id: post.project_id,
          post_id: post.id,
          status: 'converting',
          error: null,
          media_id: null,
          url: null,
          mime_type: null,
          width: null,
          height: null,
          size: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await enqueue(trx, {
        kind: convertMediaJob,
        id: convertJobId(conversionId),
        projectId: post.project_id,
        payload: {
          conversionId,
          postId: post.id,
          url: item.url,
          kind: item.type === 'gif' ? 'gif' : 'video',
          label: `media item ${plan.item + 1}`,
          title: format.title,
          rule,
          fit: plan.fit,
          trim: plan.trim,
        },
      });
    });
  } catch (err) {
    // Another target of the post asked first: its conversion serves this one too.
    if (!isUniqueViolation(err)) throw err;
  }
  return undefined;
}
