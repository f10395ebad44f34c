/**
 * Reddit's media upload lease on the simulator: `POST /api/media/asset.json`
 * (form `filepath`, `mimetype`) answers `{args: {action, fields}, asset}`; the
 * file goes to the action (an S3 bucket, here `/reddit-uploaded-media` under the
 * Reddit prefix) as a POST-policy form without a Reddit token, the file last;
 * the submit then names `<action>/<key>`. Only uploaded keys are accepted there.
 * The lease and the bucket hold a file to Reddit's media rules (the platform
 * module's media-rules.ts): a type Reddit does not take is refused at the lease;
 * the bucket's POST policy refuses a file over its size with S3's EntityTooLarge
 * (ProposedSize, MaxSizeAllowed), as Reddit's bucket answers.
 */

import { redditMediaRules } from '../../../platforms/reddit/media-rules.ts';
import { authOf, json, randomToken, readMultipart, type SimRouter, type Simulator } from '../../index.ts';
import { redditError } from './platform.ts';

export const BUCKET_PATH = '/reddit-uploaded-media';

export interface SimRedditAsset {
  id: string;
  owner: string;
  key: string;
  mimeType: string;
  uploaded: boolean;
}

const s3Error = (status: number, code: string, message: string, more = '') => ({
  status,
  headers: { 'content-type': 'application/xml' },
  body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>${more}</Error>`,
});

/** The rule a leased type is held to: Reddit's image post or video post format. */
function ruleOf(mimeType: string): { maxBytes?: number; types: readonly string[] } | undefined {
  const f = redditMediaRules.formats;
  if (mimeType.startsWith('video/'))
    return { types: f.video?.video?.containers ?? [], maxBytes: f.video?.video?.maxBytes };
  if (mimeType.startsWith('image/'))
    return { types: f.image?.image?.formats ?? [], maxBytes: f.image?.image?.maxBytes };
  return undefined;
}

export const register = (r: SimRouter, sim: Simulator): void => {
  const assets = sim.state.collection<SimRedditAsset>('reddit', 'assets');

  r.post(
    '/api/media/asset.json',
    (req) => {
      const body = (req.body ?? {}) as Record<string, string>;
      if (!body.filepath || !body.mimetype || !ruleOf(body.mimetype)?.types.includes(body.mimetype))
        return redditError(400, 'Bad Request', {
          explanation: 'filepath and a supported mimetype are required',
        });
      const id = randomToken('', 10).toLowerCase();
      const ext = body.filepath.split('.').pop() ?? 'bin';
      const key = `rte_images/${id}.${ext}`;
      assets.set(key, { id, owner: authOf(req).account.id, key, mimeType: body.mimetype, uploaded: false });
      const host = new URL(sim.baseUrl('reddit')).host;
      return json(200, {
        args: {
          action: `//${host}/reddit${BUCKET_PATH}`,
          fields: [
            { name: 'acl', value: 'private' },
            { name: 'key', value: key },
            { name: 'X-Amz-Credential', value: 'ASIASIMULATOR/20260101/us-west-2/s3/aws4_request' },
            { name: 'X-Amz-Algorithm', value: 'AWS4-HMAC-SHA256' },
            { name: 'X-Amz-Date', value: '20260101T000000Z' },
            { name: 'success_action_status', value: '201' },
            { name: 'content-type', value: body.mimetype },
            { name: 'x-amz-storage-class', value: 'STANDARD' },
            {
              name: 'policy',
              value: Buffer.from('{"expiration":"2099-01-01T00:00:00Z"}').toString('base64'),
            },
            { name: 'X-Amz-Signature', value: randomToken('', 32) },
          ],
        },
        asset: {
          asset_id: id,
          processing_state: 'incomplete',
          payload: { filepath: body.filepath },
          websocket_url: `wss://ws-sim.redditmedia.invalid/rte_images/${id}`,
        },
      });
    },
    { auth: true },
  );

  r.post(BUCKET_PATH, async (req) => {
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
    const asset = assets.get(key);
    if (!asset || !form.get('policy') || !form.get('X-Amz-Signature'))
      return s3Error(403, 'AccessDenied', 'Invalid according to Policy: Policy Condition failed');
    const file = form.get('file');
    if (!(file instanceof Blob) || file.size === 0)
      return s3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
    if ([...form.keys()].at(-1) !== 'file')
      return s3Error(400, 'InvalidArgument', 'Bucket POST must contain the file as its last field');
    const max = ruleOf(asset.mimeType)?.maxBytes;
    if (max !== undefined && file.size > max)
      return s3Error(
        400,
        'EntityTooLarge',
        'Your proposed upload exceeds the maximum allowed size',
        `<ProposedSize>${file.size}</ProposedSize><MaxSizeAllowed>${max}</MaxSizeAllowed>`,
      );
    asset.uploaded = true;
    return {
      status: 201,
      headers: { 'content-type': 'application/xml' },
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Key>${key}</Key></PostResponse>`,
    };
  });
};

/** The uploaded asset a submit URL names (`…/reddit-uploaded-media/<key>`), if the caller uploaded it. */
export function uploadedAsset(
  sim: Simulator,
  url: string | undefined,
  owner: string,
): SimRedditAsset | undefined {
  const m = new RegExp(`${BUCKET_PATH}/(.+)$`).exec(url ?? '');
  const a = m ? sim.state.collection<SimRedditAsset>('reddit', 'assets').get(m[1]!) : undefined;
  return a && a.owner === owner && a.uploaded ? a : undefined;
}
