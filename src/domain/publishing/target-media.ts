/**
 * The media one target publishes: the post's originals, untouched, when its
 * platform takes them; otherwise, with `mediaProcessing: "auto"`, a derivative per
 * refused image, fitted to the platform's rules (media/convert-image.ts). Each
 * derivative is written once under a content-addressed name (project, source bytes
 * and recipe) in the media store, beside the uploads, with a record that lists it
 * with its post and lets the store serve it; a run that dies after writing it finds
 * it again and reuses it. The derivative is probed again and checked against the
 * same rules: one that still breaks them fails the target with the reason, never
 * publishes. What was done is the target's warning ("image padded from 1:3 to 4:5
 * for Instagram").
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { imageSize } from 'image-size';
import type { AppContext } from '../../context.ts';
import { convertImage } from '../../media/convert-image.ts';
import { checkMedia } from '../../media/rules.ts';
import { targetMediaVerdict } from '../../platforms/media-check.ts';
import type { PlatformModule } from '../../platforms/module.ts';
import type { MediaInput, PostInput } from '../../platforms/shared/input.ts';
import type { StoredMedia } from '../posts/types.ts';

/** One derivative a target publishes instead of an original (ledger `media`). */
export interface TargetDerivative {
  /** Index in the post's mediaItems. */
  item: number;
  url: string;
  mimeType: string;
  width: number;
  height: number;
  size: number;
  description: string;
}

export class MediaNotFitted extends Error {}

export const DERIVATIVE_SOURCE = 'derivative';

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

const factsOf = (m: StoredMedia): MediaInput['facts'] => ({
  ...(m.size ? { size: m.size } : {}),
  ...(m.mimeType ? { mimeType: m.mimeType } : {}),
  ...(m.width ? { width: m.width } : {}),
  ...(m.height ? { height: m.height } : {}),
});

/**
 * The derivatives this target needs, made (or found) now. Empty: the originals
 * go as they are. Throws MediaNotFitted when a derivative can not meet the rules.
 */
export async function prepareTargetMedia(
  ctx: AppContext,
  module: Pick<PlatformModule, 'displayName' | 'mediaRules'>,
  post: { project_id: string; content: string; media: string; raw_request: string | null },
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
    mediaItems: stored.map((m) => ({ type: m.type as MediaInput['type'], url: m.url, facts: factsOf(m) })),
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
  for (const plan of verdict.conversions) {
    const item = stored[plan.item];
    const format = rules.formats[plan.format];
    // Only images are converted here; a video or GIF the platform refuses goes as it is and the platform says why.
    if (!item || !format?.image || item.type !== 'image') continue;
    if (!started) await onConverting();
    started = true;
    const staged = await ctx.media.stage(
      { type: 'image', url: item.url },
      `media item ${plan.item + 1}`,
      signal,
    );
    try {
      const sourceHash = await sha256File(staged.path);
      const recipe = JSON.stringify({ v: 1, rule: format.image, fit: plan.fit });
      // The media store's id shape (media_ + 25 of [0-9a-z]): 100 bits of the hash name the derivative.
      const digest = createHash('sha256')
        .update(`${post.project_id}\n${sourceHash}\n${recipe}`)
        .digest('hex');
      const id = `media_${digest.slice(0, 25)}`;
      const found = await existingDerivative(ctx, id);
      const made =
        found ?? (await makeDerivative(ctx, post.project_id, id, staged.path, format.image, plan.fit));
      // The derivative against the same rules: a converter bug fails the target, it never publishes.
      const left = checkMedia(format, { kind: 'image', ...made });
      if (left.length > 0)
        throw new MediaNotFitted(
          `the converted ${item.type} still breaks ${module.displayName}'s rules: ${left.map((b) => b.message).join('; ')}`,
        );
      out.push({ item: plan.item, ...made, description: plan.description });
    } finally {
      await staged.dispose();
    }
  }
  return out;
}

async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

type Made = Omit<TargetDerivative, 'item' | 'description'>;

/** A derivative written by an earlier run (this one or one that died): its record and its stored bytes. */
async function existingDerivative(ctx: AppContext, id: string): Promise<Made | undefined> {
  const row = await ctx.store.db
    .selectFrom('media_uploads')
    .select(['object_key', 'public_url', 'mime_type', 'size'])
    .where('id', '=', id)
    .where('status', '=', 'uploaded')
    .executeTakeFirst();
  if (!row?.mime_type || !row.size) return undefined;
  const head = await ctx.mediaStore.readStart(row.object_key, 64 * 1024);
  if (!head) return undefined;
  const d = imageSize(head);
  if (!d.width || !d.height) return undefined;
  return { url: row.public_url, mimeType: row.mime_type, width: d.width, height: d.height, size: row.size };
}

async function makeDerivative(
  ctx: AppContext,
  projectId: string,
  id: string,
  path: string,
  rule: NonNullable<Parameters<typeof convertImage>[1]>,
  fit: 'pad' | 'crop',
): Promise<Made> {
  const image = await convertImage(path, rule, fit);
  const ext = image.mimeType === 'image/png' ? 'png' : image.mimeType === 'image/webp' ? 'webp' : 'jpg';
  const key = ctx.mediaStore.keyFor(id, `converted.${ext}`);
  const url = ctx.mediaStore.publicUrl(key);
  // The bytes first, then the record: a record never names a file that is not there.
  await ctx.mediaStore.put(key, image.bytes, image.mimeType);
  const at = ctx.now().toISOString();
  await ctx.store.db
    .insertInto('media_uploads')
    .values({
      id,
      project_id: projectId,
      source: DERIVATIVE_SOURCE,
      storage: ctx.mediaStore.driver,
      object_key: key,
      filename: key.split('/').pop() ?? 'converted',
      declared_mime: image.mimeType,
      declared_size: image.bytes.length,
      mime_type: image.mimeType,
      size: image.bytes.length,
      status: 'uploaded',
      public_url: url,
      expires_at: at,
      uploaded_at: at,
      created_at: at,
    })
    // Two targets of one post may make the same derivative at once: one record, the same bytes.
    // A record the retention sweep marked deleted is live again with the bytes just written.
    .onConflict((oc) => oc.column('id').doUpdateSet({ status: 'uploaded', uploaded_at: at }))
    .execute();
  return {
    url,
    mimeType: image.mimeType,
    width: image.width,
    height: image.height,
    size: image.bytes.length,
  };
}
