/**
 * Pinterest video media on the simulator, the three steps of API v5:
 * `POST /v5/media {media_type: "video"}` registers an upload and answers an S3
 * POST-policy form (`upload_url` + `upload_parameters`); the file goes to that URL
 * as a multipart POST with every parameter and a final `file` part, without the
 * Pinterest token (S3 refuses a second kind of authorization); `GET /v5/media/{id}`
 * then moves `registered → processing → succeeded` (or `failed`).
 *
 * The uploaded file is held to Pinterest's video pin rules (the platform module's
 * media-rules.ts: MP4, MOV or M4V in H.264 or H.265, 4 s to 15 min, at most 2 GB,
 * between 1:2 and 1.91:1), probed as it arrives as the other simulators do
 * (_shared/media-rules.ts). Pinterest says nothing at upload (S3 takes any bytes)
 * and gives no reason later: a file that breaks a rule ends its processing
 * `failed`, the only word the Media object has (`MediaUploadStatus` in the v5
 * OpenAPI, pinterest/api-description), and a pin made with it is refused (pins.ts).
 *
 * The upload URL is the bucket path-style under the Pinterest prefix
 * (`/pinterest-media-upload/`), as `https://s3.amazonaws.com/pinterest-media-upload/`
 * would be. Knobs (collection 'settings'): `processingPolls` (status reads that
 * still answer `processing`, default 1), `processingMs` (simulator time processing
 * takes at least, default 0), `failProcessing` (the next videos fail).
 */
import { pinterestMediaRules } from '../../../platforms/pinterest/media-rules.ts';
import {
  authOf,
  json,
  numericId,
  randomToken,
  readMultipart,
  type SimRouter,
  type Simulator,
} from '../../index.ts';
import { videoBreachesOf } from '../_shared/media-rules.ts';

export interface SimPinterestMedia {
  id: string;
  owner: string;
  key: string;
  signature: string;
  status: 'registered' | 'processing' | 'succeeded' | 'failed';
  bytes?: number;
  uploadedAt?: number;
  polls: number;
  /** The first rule of Pinterest's the file breaks (kept for tests; Pinterest's answers never say it). */
  refusal?: string;
}

export const BUCKET_PATH = '/pinterest-media-upload';

const s3Error = (status: number, code: string, message: string) => ({
  status,
  headers: { 'content-type': 'application/xml' },
  body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
});

export const register = (r: SimRouter, sim: Simulator): void => {
  const media = sim.state.collection<SimPinterestMedia>('pinterest', 'media');
  const byKey = sim.state.collection<string>('pinterest', 'mediaKeys');
  const settings = sim.state.collection<unknown>('pinterest', 'settings');

  r.post(
    '/v5/media',
    (req) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (body.media_type !== 'video')
        return json(400, {
          code: 1,
          message: 'Invalid request parameter: media_type must be one of [video]',
        });
      const id = numericId(19);
      const key = `uploads/${randomToken('', 8)}/${id}.mp4`;
      const m: SimPinterestMedia = {
        id,
        owner: authOf(req).account.id,
        key,
        signature: randomToken('', 32),
        status: 'registered',
        polls: 0,
      };
      media.set(id, m);
      byKey.set(key, id);
      return json(201, {
        media_id: id,
        media_type: 'video',
        upload_url: `${sim.baseUrl('pinterest')}${BUCKET_PATH}/`,
        upload_parameters: {
          'x-amz-date': '20260101T000000Z',
          'x-amz-signature': m.signature,
          'x-amz-security-token': randomToken('', 24),
          'x-amz-algorithm': 'AWS4-HMAC-SHA256',
          key,
          policy: Buffer.from(JSON.stringify({ expiration: '2099-01-01T00:00:00Z' })).toString('base64'),
          'x-amz-credential': 'ASIASIMULATOR/20260101/us-east-1/s3/aws4_request',
          'Content-Type': 'multipart/form-data',
        },
      });
    },
    { auth: true },
  );

  // The S3 POST-policy upload: no Pinterest token, every signed field, the file last.
  r.post(`${BUCKET_PATH}`, async (req) => {
    if (req.headers.authorization) return s3Error(400, 'InvalidArgument', 'Unsupported Authorization Type');
    let form: FormData;
    try {
      form = await readMultipart(req);
    } catch {
      return s3Error(
        412,
        'PreconditionFailed',
        'Bucket POST must be of the enclosure-type multipart/form-data',
      );
    }
    const key = String(form.get('key') ?? '');
    const m = media.get(byKey.get(key) ?? '');
    if (!m || form.get('x-amz-signature') !== m.signature || !form.get('policy'))
      return s3Error(403, 'AccessDenied', 'Invalid according to Policy: Policy Condition failed');
    const file = form.get('file');
    if (!(file instanceof Blob) || file.size === 0)
      return s3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
    const names = [...form.keys()];
    if (names[names.length - 1] !== 'file')
      return s3Error(400, 'InvalidArgument', 'Bucket POST must contain the file as its last field');
    m.bytes = file.size;
    const format = pinterestMediaRules.formats.video;
    const [breach] = format ? await videoBreachesOf(Buffer.from(await file.arrayBuffer()), format) : [];
    if (breach) m.refusal = breach.message;
    m.uploadedAt = sim.clock.now();
    m.status = 'processing';
    return { status: 204, headers: { etag: `"${randomToken('', 32)}"`, location: `${req.fullPath}${key}` } };
  });

  r.get(
    '/v5/media/:media_id',
    (req) => {
      const m = media.get(req.params.media_id ?? '');
      if (!m || m.owner !== authOf(req).account.id)
        return json(404, { code: 404, message: 'Media not found.' });
      if (m.status === 'processing') {
        const polls = Number(settings.get('processingPolls') ?? 1);
        const took = sim.clock.now() - (m.uploadedAt ?? 0);
        if (m.polls >= polls && took >= Number(settings.get('processingMs') ?? 0))
          m.status = settings.get('failProcessing') || m.refusal ? 'failed' : 'succeeded';
        else m.polls++;
      }
      return json(200, { media_id: m.id, media_type: 'video', status: m.status });
    },
    { auth: true },
  );
};
