/**
 * After the final chunk's answer was lost (or while the video is processing: the
 * engine keeps the create in flight until the target settles): a checkpointed
 * video id goes on to finish; otherwise the upload session is probed. 200/201:
 * the video exists (its id is checkpointed, then finish); 308: the upload did not
 * complete, so no video exists and publish may resume it (`absent`); 404/410:
 * the session is gone (YouTube keeps them about a week) and can no longer say
 * whether the final chunk made a video: `unknown`, never a second upload. No
 * session checkpointed: nothing was sent, absent.
 */
import type { PublishContext, ReconcileResult } from '../contract.ts';
import { progressOf } from './checkpoint.ts';
import { created } from './publish.ts';
import { probeSession } from './upload.ts';

export async function reconcileYouTube(ctx: PublishContext): Promise<ReconcileResult> {
  const p = progressOf(ctx);
  const { videoId, upload } = p.cp;
  if (videoId) return asReconciled(await created(ctx, p, { id: videoId }));
  if (!upload) return { state: 'absent' };
  const session = await probeSession(ctx, upload.uri, upload.total);
  if (session.state === 'complete') return asReconciled(await created(ctx, p, session.video));
  if (session.state === 'gone')
    return { state: 'unknown', reason: 'the YouTube upload session expired before it could be checked' };
  return { state: 'absent' };
}

const asReconciled = (r: Awaited<ReturnType<typeof created>>): ReconcileResult => r;
