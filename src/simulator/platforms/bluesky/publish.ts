/**
 * AT Protocol publishing on the simulator, as the reference PDS answers it:
 * uploadBlob, createRecord (client rkey; an existing key is a 500 as the PDS's
 * repository tree refuses it), putRecord (identical record = same cid, no new
 * commit), getRecord (400 RecordNotFound), deleteRecord, resolveHandle,
 * getServiceAuth, and the video service (app.bsky.video.uploadVideo /
 * getJobStatus, authorised by the service token) served under the same prefix.
 * Record checks: 300 graphemes, ≤4 images referencing uploaded blobs, facet byte
 * ranges inside the text. Knob (collection 'settings'): `blobLimit` (default 5 MB).
 */

import { blueskyMediaRules } from '../../../platforms/bluesky/media-rules.ts';
import type { SimRequest } from '../../index.ts';
import {
  authOf,
  headerValue,
  json,
  lowerId,
  randomToken,
  type SimRouter,
  type Simulator,
} from '../../index.ts';
import { imageBreachesOf, videoBreachesOf } from '../_shared/media-rules.ts';
import { cidOf, tidAt } from './ids.ts';
import { xrpcError } from './platform.ts';

const COLLECTION = 'app.bsky.feed.post';
const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

interface Blob {
  cid: string;
  mimeType: string;
  size: number;
  owner: string;
  /** Why an image embed can not take it (its type or its size against the lexicon), if it can not. */
  imageProblem?: string;
}

/**
 * What the PDS's lexicon validation says of an image blob embedded as an image
 * (app.bsky.embed.images: accept image/*, maxSize 1000000): its type or its size.
 * The lexicon sets no pixel limit (clients resize), so dimensions are not judged.
 */
async function imageProblemOf(bytes: Buffer): Promise<string | undefined> {
  const format = blueskyMediaRules.formats.images;
  if (!format) return undefined;
  const breaches = await imageBreachesOf(bytes, format);
  if (breaches.some((b) => b.rule === 'bytes')) return `file too big (max ${format.image?.maxBytes} bytes)`;
  if (breaches.some((b) => b.rule === 'format')) return 'has an unaccepted MIME type';
  return undefined;
}

/** Problems of a post record, as the lexicon validation would name them. */
function recordProblem(record: Record<string, unknown>, blobs: Map<string, Blob>): string | undefined {
  const text = record.text;
  if (typeof text !== 'string') return 'Record/text must be a string';
  if ([...segmenter.segment(text)].length > 300) return 'Record/text must not be longer than 300 graphemes';
  if (Buffer.byteLength(text) > 3000) return 'Record/text must not be longer than 3000 characters';
  if (typeof record.createdAt !== 'string' || Number.isNaN(Date.parse(record.createdAt)))
    return 'Record/createdAt must be a valid datetime';
  const size = Buffer.byteLength(text);
  for (const f of (record.facets as { index?: { byteStart?: number; byteEnd?: number } }[] | undefined) ??
    []) {
    const { byteStart = -1, byteEnd = -1 } = f.index ?? {};
    if (byteStart < 0 || byteEnd > size || byteStart >= byteEnd)
      return 'Record/facets has an index outside the text';
  }
  const embed = record.embed as Record<string, unknown> | undefined;
  const refs: unknown[] = [];
  if (embed?.$type === 'app.bsky.embed.images') {
    const images = (embed.images as { image?: unknown }[] | undefined) ?? [];
    if (images.length < 1 || images.length > 4) return 'Record/embed/images must have 1 to 4 items';
    for (const [i, item] of images.entries()) {
      const link = (item.image as { ref?: { $link?: string } } | undefined)?.ref?.$link;
      const problem = link ? blobs.get(link)?.imageProblem : undefined;
      if (problem) return `Record/embed/images/${i}/image ${problem}`;
    }
    refs.push(...images.map((i) => i.image));
  } else if (embed?.$type === 'app.bsky.embed.video') refs.push(embed.video);
  else if (embed?.$type === 'app.bsky.embed.external') {
    const ext = embed.external as Record<string, unknown> | undefined;
    if (typeof ext?.uri !== 'string' || typeof ext.title !== 'string')
      return 'Record/embed/external must have uri and title';
    if (ext.thumb) refs.push(ext.thumb);
  }
  for (const ref of refs) {
    const link = (ref as { ref?: { $link?: string } } | undefined)?.ref?.$link;
    if (!link || !blobs.has(link)) return 'Could not find blob referenced by the record';
  }
  return undefined;
}

export const register = (r: SimRouter, sim: Simulator): void => {
  const blobs = sim.state.collection<Blob>('bluesky', 'blobs');
  const serviceTokens = sim.state.collection<{ did: string; exp: number }>('bluesky', 'serviceTokens');
  const jobs = sim.state.collection<{
    jobId: string;
    did: string;
    blob: Blob;
    polls: number;
    error?: string;
  }>('bluesky', 'videoJobs');
  const settings = sim.state.collection<unknown>('bluesky', 'settings');
  const postKey = (did: string, rkey: string) => `at://${did}/${COLLECTION}/${rkey}`;
  const blobRef = (b: Blob) => ({ $type: 'blob', ref: { $link: b.cid }, mimeType: b.mimeType, size: b.size });

  async function store(req: SimRequest, bytes: Buffer, owner: string): Promise<Blob> {
    const mimeType = headerValue(req, 'content-type') ?? 'application/octet-stream';
    const imageProblem = mimeType.startsWith('image/') ? await imageProblemOf(bytes) : undefined;
    const blob: Blob = {
      cid: cidOf(bytes, 'raw'),
      mimeType,
      size: bytes.length,
      owner,
      ...(imageProblem ? { imageProblem } : {}),
    };
    blobs.set(blob.cid, blob);
    return blob;
  }

  r.post(
    '/xrpc/com.atproto.repo.uploadBlob',
    async (req) => {
      const limit = Number(settings.get('blobLimit') ?? 5_000_000);
      if (req.rawBody.length > limit)
        return xrpcError(
          400,
          'BlobTooLarge',
          `This file is too large. It is ${req.rawBody.length} bytes but the maximum size is ${limit} bytes.`,
        );
      return json(200, { blob: blobRef(await store(req, req.rawBody, authOf(req).account.id)) });
    },
    { auth: true },
  );

  function write(req: SimRequest, mode: 'create' | 'put') {
    const did = authOf(req).account.id;
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.repo !== did)
      return xrpcError(400, 'InvalidRequest', 'Invalid repo: does not match the authenticated account');
    if (body.collection !== COLLECTION)
      return xrpcError(400, 'InvalidRequest', `Unsupported collection ${String(body.collection)}`);
    const record = body.record as Record<string, unknown> | undefined;
    if (!record || typeof record !== 'object')
      return xrpcError(400, 'InvalidRequest', 'Input must have the property "record"');
    const problem = recordProblem(record, blobs);
    if (problem) return xrpcError(400, 'InvalidRequest', `Invalid app.bsky.feed.post record: ${problem}`);
    const rkey = typeof body.rkey === 'string' ? body.rkey : tidAt(sim.clock.now());
    const uri = postKey(did, rkey);
    const cid = cidOf(JSON.stringify(record));
    const existing = sim.state.getPost('bluesky', uri);
    if (existing && !existing.deleted) {
      if (mode === 'create') return xrpcError(500, 'InternalServerError', 'Internal Server Error');
      if (existing.data.cid === cid) return json(200, { uri, cid, validationStatus: 'valid' });
      existing.data = { record, cid };
      return json(200, {
        uri,
        cid,
        commit: { cid: cidOf(uri + cid), rev: tidAt(sim.clock.now()) },
        validationStatus: 'valid',
      });
    }
    if (existing) sim.state.deletePost('bluesky', uri);
    sim.state.createPost('bluesky', did, { record, cid, rkey }, { id: uri, kind: 'post' });
    return json(200, {
      uri,
      cid,
      commit: { cid: cidOf(uri + cid), rev: tidAt(sim.clock.now()) },
      validationStatus: 'valid',
    });
  }

  r.post('/xrpc/com.atproto.repo.createRecord', (req) => write(req, 'create'), { auth: true });
  r.post('/xrpc/com.atproto.repo.putRecord', (req) => write(req, 'put'), { auth: true });

  r.get('/xrpc/com.atproto.repo.getRecord', (req) => {
    const { repo = '', collection = '', rkey = '' } = req.query;
    const uri = `at://${repo}/${collection}/${rkey}`;
    const post = sim.state.getPost('bluesky', uri);
    if (!post || post.deleted) return xrpcError(400, 'RecordNotFound', `Could not locate record: ${uri}`);
    return json(200, { uri, cid: post.data.cid, value: post.data.record });
  });

  r.post(
    '/xrpc/com.atproto.repo.deleteRecord',
    (req) => {
      const did = authOf(req).account.id;
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (body.repo !== did)
        return xrpcError(400, 'InvalidRequest', 'Invalid repo: does not match the authenticated account');
      sim.state.deletePost('bluesky', postKey(did, String(body.rkey ?? '')));
      return json(200, { commit: { cid: cidOf(String(body.rkey)), rev: tidAt(sim.clock.now()) } });
    },
    { auth: true },
  );

  r.get('/xrpc/com.atproto.identity.resolveHandle', (req) => {
    const handle = req.query.handle ?? '';
    const account = sim.state.accountsOf('bluesky').find((a) => a.username === handle);
    return account
      ? json(200, { did: account.id })
      : xrpcError(400, 'InvalidRequest', 'Unable to resolve handle');
  });

  r.get(
    '/xrpc/com.atproto.server.getServiceAuth',
    (req) => {
      if (!req.query.aud?.startsWith('did:')) return xrpcError(400, 'InvalidRequest', 'aud must be a DID');
      const token = randomToken('svc_');
      serviceTokens.set(token, {
        did: authOf(req).account.id,
        exp: Number(req.query.exp ?? sim.clock.nowSec() + 60),
      });
      return json(200, { token });
    },
    { auth: true },
  );

  const serviceAccount = (req: SimRequest) => {
    const token = /^Bearer\s+(.+)$/i.exec(headerValue(req, 'authorization') ?? '')?.[1];
    const entry = token ? serviceTokens.get(token) : undefined;
    return entry && entry.exp >= sim.clock.nowSec() ? entry.did : undefined;
  };

  r.post('/xrpc/app.bsky.video.uploadVideo', async (req) => {
    const did = serviceAccount(req);
    if (!did || did !== req.query.did)
      return xrpcError(401, 'AuthenticationRequired', 'Invalid service token');
    if (!(headerValue(req, 'content-type') ?? '').startsWith('video/'))
      return xrpcError(400, 'InvalidRequest', 'Content must be a video');
    const jobId = lowerId(16);
    // The video service processes what Bluesky's video rules take; the rest ends the job FAILED.
    const format = blueskyMediaRules.formats.video;
    const breach = format ? (await videoBreachesOf(req.rawBody, format))[0] : undefined;
    jobs.set(jobId, {
      jobId,
      did,
      blob: await store(req, req.rawBody, did),
      polls: 0,
      ...(breach ? { error: `Video ${breach.message}` } : {}),
    });
    return json(200, { jobStatus: { jobId, did, state: 'JOB_STATE_CREATED', progress: 0 } });
  });

  r.get('/xrpc/app.bsky.video.getJobStatus', (req) => {
    const job = jobs.get(req.query.jobId ?? '');
    if (!job) return xrpcError(400, 'InvalidRequest', 'Job not found');
    job.polls++;
    const done = job.polls >= 2;
    if (done && job.error)
      return json(200, {
        jobStatus: {
          jobId: job.jobId,
          did: job.did,
          state: 'JOB_STATE_FAILED',
          progress: 100,
          error: job.error,
        },
      });
    return json(200, {
      jobStatus: {
        jobId: job.jobId,
        did: job.did,
        state: done ? 'JOB_STATE_COMPLETED' : 'JOB_STATE_ENCODING',
        progress: done ? 100 : 50,
        ...(done ? { blob: blobRef(job.blob) } : {}),
      },
    });
  });
};
