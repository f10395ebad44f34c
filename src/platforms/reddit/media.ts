/**
 * Reddit media posts, the lease flow Reddit's own clients use (PRAW calls it an
 * undocumented endpoint): `POST /api/media/asset.json` with the file's name and
 * MIME type answers an upload lease, `{args: {action: "//<bucket host>", fields:
 * [{name, value}]}, asset: {asset_id, ...}}`; the file goes to the action as an S3
 * POST-policy form (every field, then `file`; no Reddit token goes to S3); the
 * submit then names the uploaded file by its URL, `https:<action>/<key>`.
 *
 * A video post also needs a poster image (`video_poster_url`): the item's
 * thumbnail when it has one, else a plain 1×1 image the service carries.
 */
import type { StagedMedia } from '../../media/stage.ts';
import type { PlatformUrlGuard } from '../../net/outbound.ts';
import { PlatformError } from '../contract.ts';
import { platformCall } from '../shared/http.ts';
import { pick } from '../shared/json.ts';
import { type RedditTarget, redditCall } from './api.ts';

/** A plain 1×1 PNG: the poster of a video posted without a thumbnail. */
export const PLAIN_POSTER = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAcCBlCwAAAABJRU5ErkJggg==',
  'base64',
);

/** The S3 XML error (`<Code>`, `<Message>`): 403 (an expired lease) and 5xx are worth a new lease. */
function readUploadError(res: { status: number; text: string }): PlatformError {
  const code = /<Code>([^<]*)<\/Code>/.exec(res.text)?.[1];
  const text = /<Message>([^<]*)<\/Message>/.exec(res.text)?.[1] ?? `HTTP ${res.status}`;
  const errorClass =
    res.status === 403 || res.status === 408 || res.status >= 500 ? 'transient' : 'permanent';
  return new PlatformError(errorClass, `Reddit: media upload refused: ${text}`, {
    status: res.status,
    ...(code ? { platformCode: code } : {}),
  });
}

/** `//host/path` → with the API's own scheme (https on Reddit; the simulator's in tests). */
function absolute(action: string, baseUrl: string): string {
  if (/^https?:\/\//.test(action)) return action;
  const scheme = new URL(baseUrl).protocol;
  return `${scheme}${action.startsWith('//') ? action : `//${action}`}`;
}

/** Leases an upload, sends the bytes, answers the URL the submit names. */
export async function uploadAsset(
  t: RedditTarget & { platformUrls: PlatformUrlGuard },
  file: { blob: Blob; filename: string; mimeType: string },
  what: string,
): Promise<string> {
  const lease = await redditCall(t, '/api/media/asset.json', {
    method: 'POST',
    form: { filepath: file.filename, mimetype: file.mimeType },
    what,
  });
  const action = pick(lease.json, 'args', 'action');
  const fields = pick(lease.json, 'args', 'fields');
  if (typeof action !== 'string' || !Array.isArray(fields))
    throw new PlatformError('transient', `${what}: the upload lease has no action or fields`);
  const form = new FormData();
  let key: string | undefined;
  for (const f of fields as { name?: unknown; value?: unknown }[]) {
    if (typeof f.name !== 'string') continue;
    form.set(f.name, String(f.value ?? ''));
    if (f.name === 'key') key = String(f.value ?? '');
  }
  if (!key) throw new PlatformError('transient', `${what}: the upload lease names no key`);
  form.set('file', file.blob, file.filename);
  const url = absolute(action, t.baseUrl);
  await platformCall({
    url,
    // The action is Reddit's answer (an S3 bucket): through the outbound client's filter.
    outside: t.platformUrls,
    body: form,
    ...(t.signal ? { signal: t.signal } : {}),
    timeoutMs: 1_800_000,
    what,
    readError: readUploadError,
  });
  return `${url.replace(/\/$/, '')}/${key}`;
}

/** Uploads a staged item. */
export async function uploadStaged(
  t: RedditTarget & { platformUrls: PlatformUrlGuard },
  staged: StagedMedia,
): Promise<string> {
  return uploadAsset(
    t,
    { blob: await staged.blob(), filename: staged.filename, mimeType: staged.mimeType },
    `Reddit: upload of ${staged.label}`,
  );
}
