/**
 * The `convert_media` job kind: makes one video derivative (a video, or a GIF the
 * platform wants as video) for the targets of one post, before their publish step.
 * A publish attempt that needs it records a `media_conversions` row (`converting`)
 * and enqueues this job under an id derived from the row's, then waits; the job
 * fetches the source to disk, re-encodes it with ffmpeg (media/convert-video.ts),
 * probes the result and checks it against the same rules, stores it once under a
 * content-addressed name (project, source bytes, recipe) beside the uploads, and
 * marks the row `done` (or `failed` with the reason), then wakes the waiting
 * publish jobs. A worker killed mid-way leaves the row `converting` and the job
 * leased: the next claim runs it again, and a derivative already stored under its
 * name is reused, never written twice. Publishing stays with the publish jobs and
 * their exactly-once ledger: this job never calls a platform.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppContext } from '../../context.ts';
import { defineJobKind } from '../../jobs/catalog.ts';
import { wakeJob } from '../../jobs/enqueue.ts';
import { convertVideo, planVideo, VideoConversionError } from '../../media/convert-video.ts';
import { MediaError } from '../../media/errors.ts';
import { probeVideo } from '../../media/probe.ts';
import { checkMedia, probedVideoFacts, type VideoRule } from '../../media/rules.ts';
import type { Fit } from '../../platforms/media-check.ts';

export interface ConvertMediaPayload {
  conversionId: string;
  postId: string;
  /** The source as the post names it. */
  url: string;
  kind: 'video' | 'gif';
  /** "media item 2", for messages. */
  label: string;
  /** How the derivative's check names the format ("Instagram Reels"). */
  title: string;
  rule: VideoRule;
  fit: Fit;
  trim: boolean;
}

export const convertJobId = (conversionId: string): string => `cnv_${conversionId}`;
export const DERIVATIVE_SOURCE = 'derivative';

/** The derivative's record id in the media store's id shape (media_ + 25 of [0-9a-z]). */
export function derivativeId(projectId: string, sourceHash: string, recipe: string): string {
  const digest = createHash('sha256').update(`${projectId}\n${sourceHash}\n${recipe}`).digest('hex');
  return `media_${digest.slice(0, 25)}`;
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A refusal that another run would meet again (the source is unusable, the result breaks a rule). */
class Permanent extends Error {}

async function settleConversion(
  ctx: AppContext,
  conversionId: string,
  change: { status: 'done' | 'failed'; error?: string; media?: StoredDerivative },
): Promise<void> {
  const m = change.media;
  await ctx.store.db
    .updateTable('media_conversions')
    .set({
      status: change.status,
      error: change.error ?? null,
      ...(m
        ? {
            media_id: m.id,
            url: m.url,
            mime_type: m.mimeType,
            width: m.width,
            height: m.height,
            size: m.size,
          }
        : {}),
      updated_at: ctx.now().toISOString(),
    })
    .where('id', '=', conversionId)
    .where('status', '=', 'converting')
    .execute();
}

/** The publish jobs of the post's targets run again now (in this process) instead of at their next poll. */
async function wakeWaitingTargets(ctx: AppContext, postId: string): Promise<void> {
  const targets = await ctx.store.db
    .selectFrom('post_targets')
    .select('id')
    .where('post_id', '=', postId)
    .execute();
  for (const t of targets) wakeJob(`pub_${t.id}`);
}

export interface StoredDerivative {
  id: string;
  url: string;
  mimeType: string;
  width: number;
  height: number;
  size: number;
}

/**
 * A stored derivative by its content address: the record, and the frame named in
 * its file name (`<w>x<h>.<ext>`, so finding it again needs no probe).
 */
export async function findDerivative(ctx: AppContext, id: string): Promise<StoredDerivative | undefined> {
  const row = await ctx.store.db
    .selectFrom('media_uploads')
    .select(['object_key', 'public_url', 'mime_type', 'size', 'filename'])
    .where('id', '=', id)
    .where('status', '=', 'uploaded')
    .executeTakeFirst();
  const frame = /^(\d+)x(\d+)\./.exec(row?.filename ?? '');
  if (!row?.mime_type || !row.size || !frame) return undefined;
  if (!(await ctx.mediaStore.stat(row.object_key))) return undefined;
  return {
    id,
    url: row.public_url,
    mimeType: row.mime_type,
    width: Number(frame[1]),
    height: Number(frame[2]),
    size: row.size,
  };
}

/** Stores a derivative (bytes, or a file streamed from disk) and then its record: a record never names a file that is not there. */
export async function storeDerivative(
  ctx: AppContext,
  projectId: string,
  id: string,
  body: { bytes: Buffer } | { path: string },
  made: { mimeType: string; width: number; height: number; ext: string },
): Promise<StoredDerivative> {
  const key = ctx.mediaStore.keyFor(id, `${made.width}x${made.height}.${made.ext}`);
  const url = ctx.mediaStore.publicUrl(key);
  let size: number;
  if ('bytes' in body) {
    await ctx.mediaStore.put(key, body.bytes, made.mimeType);
    size = body.bytes.length;
  } else {
    await ctx.mediaStore.putFile(key, body.path, made.mimeType);
    size = (await stat(body.path)).size;
  }
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
      declared_mime: made.mimeType,
      declared_size: size,
      mime_type: made.mimeType,
      size,
      status: 'uploaded',
      public_url: url,
      expires_at: at,
      uploaded_at: at,
      created_at: at,
    })
    // Two runs may finish the same derivative: one record, the same bytes. One the sweep marked deleted is live again.
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ status: 'uploaded', uploaded_at: at, object_key: key, public_url: url, size }),
    )
    .execute();
  return { id, url, mimeType: made.mimeType, width: made.width, height: made.height, size };
}

async function convertOnce(
  ctx: AppContext,
  projectId: string,
  p: ConvertMediaPayload,
  signal: AbortSignal,
): Promise<StoredDerivative> {
  const staged = await ctx.media.stage({ type: p.kind, url: p.url }, p.label, signal).catch((err) => {
    // The source itself can not be had as a video (gone, not a video): another run would fail the same way.
    if (err instanceof MediaError) throw new Permanent(err.message);
    throw err;
  });
  const dir = await mkdtemp(join(tmpdir(), 'sps-convert-'));
  try {
    if (!staged.width || !staged.height)
      throw new Permanent(`${p.label}: the video's frame size could not be read, so it can not be converted`);
    const recipe = JSON.stringify({ v: 1, rule: p.rule, fit: p.fit, trim: p.trim });
    const id = derivativeId(projectId, await sha256File(staged.path), recipe);
    const found = await findDerivative(ctx, id);
    if (found) return found;
    const plan = planVideo(
      {
        width: staged.width,
        height: staged.height,
        ...(staged.durationSec ? { durationSec: staged.durationSec } : {}),
        ...(staged.fps ? { fps: staged.fps } : {}),
      },
      p.rule,
      p.fit,
      p.trim,
    );
    const out = join(dir, 'converted.mp4');
    await convertVideo(staged.path, out, plan, p.fit, signal).catch((err) => {
      if (err instanceof VideoConversionError) throw new Permanent(`${p.label}: ${err.message}`);
      throw err;
    });
    // The result against the same rules: a derivative that still breaks one is a bug, never published.
    const facts = await probeVideo(out);
    const size = (await stat(out)).size;
    const left = checkMedia(
      { title: p.title, doc: '', video: p.rule },
      probedVideoFacts(facts, 'video/mp4', size),
    );
    if (left.length > 0)
      throw new Permanent(
        `the converted ${p.label} still breaks the rules of ${p.title}: ${left.map((b) => b.message).join('; ')}`,
      );
    return await storeDerivative(
      ctx,
      projectId,
      id,
      { path: out },
      {
        mimeType: 'video/mp4',
        width: facts.width ?? plan.width,
        height: facts.height ?? plan.height,
        ext: 'mp4',
      },
    );
  } finally {
    await staged.dispose();
    await rm(dir, { recursive: true, force: true });
  }
}

export const convertMediaJob = defineJobKind<ConvertMediaPayload>({
  kind: 'convert_media',
  retry: { maxAttempts: 5, baseDelayMs: 5_000, maxDelayMs: 120_000 },
  // A 1 GiB video takes minutes; the claim is renewed while it runs.
  timeoutMs: 60 * 60_000,
  async run(job, ctx) {
    const p = job.payload;
    const row = await ctx.store.db
      .selectFrom('media_conversions')
      .select(['status', 'project_id'])
      .where('id', '=', p.conversionId)
      .executeTakeFirst();
    // Done before (a run that died after settling), or the post was deleted: nothing to do.
    if (row?.status !== 'converting') return undefined;
    try {
      const media = await convertOnce(ctx, row.project_id, p, job.signal);
      await settleConversion(ctx, p.conversionId, { status: 'done', media });
    } catch (err) {
      if (!(err instanceof Permanent)) throw err;
      await settleConversion(ctx, p.conversionId, { status: 'failed', error: err.message });
    }
    await wakeWaitingTargets(ctx, p.postId);
    return undefined;
  },
  onExhausted: async (job, error, ctx) => {
    await settleConversion(ctx, job.payload.conversionId, {
      status: 'failed',
      error: `${job.payload.label} could not be converted: ${error}`,
    });
    await wakeWaitingTargets(ctx, job.payload.postId);
  },
});
