/**
 * POST /v1/ai/image: an image from a description, stored through the media store
 * (local disk or S3, like an upload, owned by the project and kept under the same
 * retention) so its URL can go straight into mediaItems. Style and aspect ratio
 * shape the prompt and the size; reference and asset images are named in the
 * prompt, since the OpenAI-compatible generations endpoint takes text only.
 */

import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { fileType } from '../../media/file-type.ts';
import { dimensionsOf } from '../../media/inspect.ts';
import { newId } from '../ids.ts';
import { factsColumns } from '../media-uploads/facts.ts';
import { ensureCredits, recordGeneration } from './credits.ts';
import { aiProvider } from './provider.ts';

export const ASPECT_SIZES = { square: '1024x1024', vertical: '1024x1536', landscape: '1536x1024' } as const;
export const STYLES = [
  'photo',
  'illustration',
  'minimal',
  'vibrant',
  'cinematic',
  '3d-render',
  'retro',
  'hand-drawn',
] as const;

export interface ImageRequest {
  description: string;
  aspectRatio?: keyof typeof ASPECT_SIZES;
  style?: (typeof STYLES)[number];
  referenceImageUrls?: string[];
  assetImageUrls?: string[];
}

export interface ImageAnswer {
  url: string;
  mimeType: string;
  creditsCharged: number;
}

function promptOf(req: ImageRequest): string {
  const parts = [req.description.trim()];
  if (req.style) parts.push(`Style: ${req.style.replace('-', ' ')}.`);
  if (req.referenceImageUrls?.length)
    parts.push(`Match the look of these reference images: ${req.referenceImageUrls.join(', ')}.`);
  if (req.assetImageUrls?.length)
    parts.push(`Include these assets (logos, products): ${req.assetImageUrls.join(', ')}.`);
  return parts.join('\n');
}

export async function generateImage(
  ctx: AppContext,
  projectId: string,
  req: ImageRequest,
): Promise<ImageAnswer> {
  // Blank is not a description: the prompt would be empty, which providers refuse (a 503 for a bad request).
  if (!req.description.trim()) throw new AppError('invalid', 'description must not be blank');
  const provider = aiProvider(ctx);
  await ensureCredits(ctx, projectId, 'image');
  const { bytes } = await provider.image(promptOf(req), ASPECT_SIZES[req.aspectRatio ?? 'square']);
  const sniffed = await (await fileType()).fileTypeFromBuffer(bytes);
  if (!sniffed?.mime.startsWith('image/'))
    throw new AppError(
      'unavailable',
      'The AI provider answered something that is not an image; nothing was charged',
    );
  const now = ctx.now();
  const id = newId('media', now.getTime());
  const key = ctx.mediaStore.keyFor(id, `ai-image.${sniffed.ext}`);
  const url = ctx.mediaStore.publicUrl(key);
  await ctx.mediaStore.put(key, bytes, sniffed.mime);
  try {
    const creditsCharged = await recordGeneration(
      ctx,
      projectId,
      { kind: 'image', model: provider.imageModel, result: url },
      (trx) =>
        trx
          .insertInto('media_uploads')
          .values({
            id,
            project_id: projectId,
            source: 'ai',
            storage: ctx.mediaStore.driver,
            object_key: key,
            filename: key.split('/').pop() ?? 'ai-image',
            declared_mime: sniffed.mime,
            declared_size: bytes.length,
            mime_type: sniffed.mime,
            size: bytes.length,
            // Its dimensions, as an upload's are read (a post using it is judged by them at create).
            ...factsColumns(dimensionsOf(bytes) ?? {}),
            status: 'uploaded',
            public_url: url,
            expires_at: now.toISOString(),
            uploaded_at: now.toISOString(),
            created_at: now.toISOString(),
          })
          .execute()
          .then(() => undefined),
    );
    return { url, mimeType: sniffed.mime, creditsCharged };
  } catch (err) {
    // Not recorded (credits ran out meanwhile, or the store failed): the stored file must not stay behind.
    await ctx.mediaStore.delete(key).catch(() => {});
    throw err;
  }
}
