/**
 * LinkedIn Posts API on the simulator: every /rest call needs an active
 * `LinkedIn-Version` (426 NONEXISTENT_VERSION outside the last 12 months);
 * images, videos and documents are initialized, uploaded to their upload URLs
 * (video parts answer ETags that finalizeUpload must list) and move to AVAILABLE;
 * `POST /rest/posts` checks author, commentary, visibility and media, answers 201
 * with the URN in `x-restli-id`, refuses a repeated commentary with 422
 * DUPLICATE_POST naming the existing URN, and — as LinkedIn does — silently cuts
 * the commentary at the first unescaped reserved character. `POST /rest/posts/{urn}`
 * with `X-RestLi-Method: PARTIAL_UPDATE` edits a live post's commentary.
 */

import { linkedinMediaRules } from '../../../platforms/linkedin/media-rules.ts';
import type { SimRequest, SimResponse } from '../../index.ts';
import {
  authOf,
  headerValue,
  json,
  numericId,
  randomToken,
  type SimRouter,
  type Simulator,
} from '../../index.ts';
import { imageBreachesOf, videoBreachesOf } from '../_shared/media-rules.ts';
import { versionProblem } from './version.ts';

const PART_BYTES = 4 * 1024 * 1024;
/** What a create may carry that a read of the post gives back (Posts API, Post schema). */
const POST_FIELDS = [
  'author',
  'commentary',
  'visibility',
  'distribution',
  'content',
  'lifecycleState',
  'isReshareDisabledByAuthor',
  'container',
  'contentLandingPage',
  'contentCallToActionLabel',
  'reshareContext',
];
type Kind = 'image' | 'video' | 'document';

interface Asset {
  urn: string;
  kind: Kind;
  owner: string;
  status: 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';
  size?: number;
  parts: { token: string; first: number; last: number; etag?: string }[];
  uploadToken?: string;
  /** Why processing fails: the first breach of LinkedIn's media rules (processingFailureReason). */
  failure?: string;
}

/** The first breach of LinkedIn's rules for an uploaded image or video, in words; undefined when it fits. */
async function mediaFailure(kind: Kind, bytes: Buffer): Promise<string | undefined> {
  const format =
    kind === 'image'
      ? linkedinMediaRules.formats.image
      : kind === 'video'
        ? linkedinMediaRules.formats.video
        : undefined;
  if (!format) return undefined;
  const [breach] =
    kind === 'image' ? await imageBreachesOf(bytes, format) : await videoBreachesOf(bytes, format);
  return breach ? `The ${kind} ${breach.message}` : undefined;
}

const error = (status: number, message: string, extra: Record<string, unknown> = {}) =>
  json(status, { status, message, ...extra });

/** Little text up to the first reserved character that is not backslash-escaped. */
function silentlyTruncated(commentary: string): string {
  const hashtag = /^\{hashtag\|\\#\|[^}]*\}/;
  const mention = /^@\[(?:\\.|[^\]\\])*\]\(urn:li:(?:person|organization):[^)]+\)/;
  for (let i = 0; i < commentary.length; i++) {
    const rest = commentary.slice(i);
    const c = commentary[i] ?? '';
    if (c === '\\') {
      i++;
      continue;
    }
    const special = hashtag.exec(rest)?.[0] ?? mention.exec(rest)?.[0];
    if (special) {
      i += special.length - 1;
      continue;
    }
    const url = /^https?:\/\/\S+/.exec(rest)?.[0];
    if (url) {
      i += url.length - 1;
      continue;
    }
    if ('|{}@[]()<>#*_~'.includes(c)) return commentary.slice(0, i);
  }
  return commentary;
}

export const register = (r: SimRouter, sim: Simulator): void => {
  const assets = sim.state.collection<Asset>('linkedin', 'assets');
  const uploads = sim.state.collection<{ urn: string; part: number }>('linkedin', 'uploadUrls');
  /** The media-rule checks of uploaded assets, answered by their first status read. */
  const pendingChecks = new Map<string, Promise<string | undefined>>();
  /** A video's uploaded parts until it is finalized (kept out of the state, which holds no bytes). */
  const partBytes = new Map<string, Buffer[]>();
  const now = () => new Date(sim.clock.now());

  const guarded = (handler: (req: SimRequest) => SimResponse | Promise<SimResponse>) => (req: SimRequest) =>
    versionProblem(req, now()) ?? handler(req);

  const authors = (req: SimRequest) => {
    const account = authOf(req).account;
    return new Set([
      `urn:li:person:${account.id}`,
      ...(account.organizations ?? []).map((o) => `urn:li:organization:${o.id}`),
    ]);
  };

  function initialize(kind: Kind) {
    return guarded((req) => {
      if (req.query.action !== 'initializeUpload') return error(400, 'Unsupported action');
      const request = (req.body as { initializeUploadRequest?: Record<string, unknown> } | undefined)
        ?.initializeUploadRequest;
      const owner = String(request?.owner ?? '');
      if (!authors(req).has(owner))
        return error(403, `Not enough permissions to access: ${kind}s.initializeUpload`, {
          code: 'ACCESS_DENIED',
        });
      const urn = `urn:li:${kind}:${randomToken('', 12)}`;
      const asset: Asset = { urn, kind, owner, status: 'WAITING_UPLOAD', parts: [] };
      const base = `${sim.baseUrl('linkedin')}/dms-uploads`;
      const expiresAt = sim.clock.now() + 86_400_000;
      if (kind === 'video') {
        const size = Number(request?.fileSizeBytes);
        if (!Number.isInteger(size) || size <= 0) return error(400, 'fileSizeBytes is required');
        asset.size = size;
        asset.uploadToken = randomToken('ut_', 8);
        for (let first = 0; first < size; first += PART_BYTES) {
          const token = randomToken('up_', 12);
          asset.parts.push({ token, first, last: Math.min(first + PART_BYTES, size) - 1 });
          uploads.set(token, { urn, part: asset.parts.length - 1 });
        }
        assets.set(urn, asset);
        return json(200, {
          value: {
            video: urn,
            uploadToken: asset.uploadToken,
            uploadUrlsExpireAt: expiresAt,
            uploadInstructions: asset.parts.map((p) => ({
              uploadUrl: `${base}/${p.token}`,
              firstByte: p.first,
              lastByte: p.last,
            })),
          },
        });
      }
      const token = randomToken('up_', 12);
      asset.parts.push({ token, first: 0, last: -1 });
      uploads.set(token, { urn, part: 0 });
      assets.set(urn, asset);
      return json(200, {
        value: { uploadUrlExpiresAt: expiresAt, uploadUrl: `${base}/${token}`, [kind]: urn },
      });
    });
  }

  r.post('/rest/images', initialize('image'), { auth: true });
  r.post('/rest/documents', initialize('document'), { auth: true });
  r.post(
    '/rest/videos',
    (req) => {
      if (req.query.action !== 'finalizeUpload') return initialize('video')(req);
      return guarded((rq) => {
        const f = (rq.body as { finalizeUploadRequest?: Record<string, unknown> } | undefined)
          ?.finalizeUploadRequest;
        const asset = assets.get(String(f?.video ?? ''));
        if (!asset || asset.uploadToken !== f?.uploadToken)
          return error(400, 'Invalid video or upload token');
        const ids = (f?.uploadedPartIds as unknown[] | undefined) ?? [];
        const expected = asset.parts.map((p) => p.etag);
        if (expected.some((e) => !e) || JSON.stringify(ids) !== JSON.stringify(expected))
          return error(400, 'uploadedPartIds do not match the uploaded parts');
        asset.status = 'PROCESSING';
        const received = partBytes.get(asset.urn) ?? [];
        partBytes.delete(asset.urn);
        const whole = Buffer.concat(asset.parts.map((_, i) => received[i] ?? Buffer.alloc(0)));
        pendingChecks.set(asset.urn, mediaFailure('video', whole));
        // The Videos API answers a finalized upload with 200 and no body.
        return { status: 200 };
      })(req);
    },
    { auth: true },
  );

  r.put(
    '/dms-uploads/:token',
    (req) => {
      const up = uploads.get(req.params.token ?? '');
      const asset = up ? assets.get(up.urn) : undefined;
      const part = asset && up ? asset.parts[up.part] : undefined;
      if (!asset || !part) return error(404, 'Upload URL not found');
      if (asset.kind === 'video' && req.rawBody.length !== part.last - part.first + 1)
        return error(400, `Part must be ${part.last - part.first + 1} bytes`);
      part.etag = `"${randomToken('', 16)}"`;
      if (asset.kind === 'video' && up) {
        const received = partBytes.get(asset.urn) ?? [];
        received[up.part] = req.rawBody;
        partBytes.set(asset.urn, received);
      }
      if (asset.kind === 'image') pendingChecks.set(asset.urn, mediaFailure('image', req.rawBody));
      if (asset.kind !== 'video') asset.status = asset.kind === 'image' ? 'PROCESSING' : 'AVAILABLE';
      return json(201, {}, { etag: part.etag });
    },
    { auth: true },
  );

  const status = (kind: Kind) =>
    guarded(async (req) => {
      const asset = assets.get(req.params.urn ?? '');
      if (!asset || asset.kind !== kind) return error(404, 'Not found');
      // Processing ends AVAILABLE, or PROCESSING_FAILED when the media breaks LinkedIn's rules.
      const check = pendingChecks.get(asset.urn);
      if (check) {
        pendingChecks.delete(asset.urn);
        const failure = await check;
        if (failure) asset.failure = failure;
      }
      if (asset.status === 'PROCESSING' && asset.failure) asset.status = 'PROCESSING_FAILED';
      const answer = {
        id: asset.urn,
        owner: asset.owner,
        status: asset.status,
        // The Videos API names the reason; the Images API answers the status alone.
        ...(asset.status === 'PROCESSING_FAILED' && kind === 'video'
          ? { processingFailureReason: asset.failure }
          : {}),
      };
      if (asset.status === 'PROCESSING') asset.status = 'AVAILABLE';
      return json(200, answer);
    });
  r.get('/rest/images/:urn', status('image'), { auth: true });
  r.get('/rest/videos/:urn', status('video'), { auth: true });

  r.post('/rest/posts', guarded(createPost), { auth: true });

  function createPost(req: SimRequest): SimResponse {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const author = String(body.author ?? '');
    if (!authors(req).has(author))
      return error(403, `Not enough permissions to access: posts.CREATE for ${author}`, {
        code: 'ACCESS_DENIED',
      });
    const commentary = typeof body.commentary === 'string' ? body.commentary : '';
    if ([...commentary].length > 3000)
      return validation('commentary', 'Text is longer than 3000 characters', 'MAX_LENGTH_EXCEEDED');
    if (!['PUBLIC', 'CONNECTIONS', 'LOGGED_IN', 'CONTAINER'].includes(String(body.visibility)))
      return validation('visibility', 'Invalid visibility', 'INVALID_VALUE');
    if (body.lifecycleState !== 'PUBLISHED' && body.lifecycleState !== 'DRAFT')
      return validation('lifecycleState', 'Invalid lifecycleState', 'INVALID_VALUE');
    const distribution = body.distribution as { feedDistribution?: unknown } | undefined;
    if (!['MAIN_FEED', 'NONE'].includes(String(distribution?.feedDistribution)))
      return validation('distribution/feedDistribution', 'Field is required', 'FIELD_REQUIRED');
    const content = body.content as Record<string, Record<string, unknown>> | undefined;
    const mediaIds = content?.media
      ? [String(content.media.id)]
      : ((content?.multiImage?.images as { id?: string }[] | undefined) ?? []).map((i) => String(i.id));
    for (const id of mediaIds) {
      const asset = assets.get(id);
      if (asset?.status !== 'AVAILABLE')
        return validation('content/media/id', `Media ${id} is not available`, 'INVALID_VALUE');
      if (asset?.kind === 'document' && !content?.media?.title)
        return validation('content/media/title', 'A title is required for documents', 'FIELD_REQUIRED');
    }
    if (content?.article && typeof content.article.source !== 'string')
      return validation('content/article/source', 'source is required', 'FIELD_REQUIRED');
    const stored = silentlyTruncated(commentary);
    // Only the member posts as their own person URN: look among their posts alone.
    const member = authOf(req).account.id;
    const twin = sim.state.listPosts('linkedin', {
      ...(author === `urn:li:person:${member}` ? { account: member } : {}),
      where: (p) => p.data.author === author && p.data.commentary === stored && !!stored,
    })[0];
    if (twin)
      return json(422, {
        errorDetailType: 'com.linkedin.common.error.BadRequest',
        message: `ERROR :: /commentary :: Content is a duplicate of ${twin.id}`,
        errorDetails: {
          inputErrors: [
            {
              description: `Content is a duplicate of ${twin.id}`,
              input: { inputPath: { fieldPath: '/commentary' } },
              code: 'DUPLICATE_POST',
            },
          ],
        },
        status: 422,
      });
    const urn = `urn:li:share:${numericId(19)}`;
    sim.state.createPost(
      'linkedin',
      authOf(req).account.id,
      { ...body, commentary: stored, sentCommentary: commentary },
      { id: urn, kind: 'post' },
    );
    return { status: 201, headers: { 'x-restli-id': urn } };
  }

  function validation(field: string, description: string, code: string): SimResponse {
    return json(422, {
      errorDetailType: 'com.linkedin.common.error.BadRequest',
      message: `ERROR :: /${field} :: ${description}`,
      errorDetails: {
        inputErrors: [{ description, input: { inputPath: { fieldPath: `/${field}` } }, code }],
      },
      status: 422,
    });
  }

  r.get(
    '/rest/posts/:urn',
    guarded((req) => {
      const post = sim.state.getPost('linkedin', req.params.urn ?? '');
      if (!post || post.deleted) return error(404, 'Not found');
      // The Post schema's fields only: what the simulator keeps besides (the commentary as sent) stays in.
      const fields = Object.entries(post.data).filter(([k]) => POST_FIELDS.includes(k));
      return json(200, { id: post.id, ...Object.fromEntries(fields) });
    }),
    { auth: true },
  );

  // Partial update (X-RestLi-Method: PARTIAL_UPDATE): `{patch: {$set: {...}}}` of the
  // fields LinkedIn lets change on a live post; 204. Edits are counted in `edits`.
  const EDITABLE = new Set([
    'commentary',
    'contentCallToActionLabel',
    'contentLandingPage',
    'lifecycleState',
  ]);
  r.post(
    '/rest/posts/:urn',
    guarded((req) => {
      if ((headerValue(req, 'x-restli-method') ?? '').toUpperCase() !== 'PARTIAL_UPDATE')
        return error(400, 'Only PARTIAL_UPDATE is supported on an existing post');
      const post = sim.state.getPost('linkedin', req.params.urn ?? '');
      if (!post || post.deleted) return error(404, 'Not found');
      if (!authors(req).has(String(post.data.author)))
        return error(403, `Not enough permissions to access: posts.PARTIAL_UPDATE for ${post.id}`, {
          code: 'ACCESS_DENIED',
        });
      const set = ((req.body ?? {}) as { patch?: { $set?: Record<string, unknown> } }).patch?.$set;
      if (!set || Object.keys(set).length === 0)
        return validation('patch', 'Nothing to update', 'FIELD_REQUIRED');
      for (const field of Object.keys(set))
        if (!EDITABLE.has(field))
          return validation(field, `${field} can not be updated`, 'UNSUPPORTED_UPDATE');
      if (typeof set.commentary === 'string') {
        if ([...set.commentary].length > 3000)
          return validation('commentary', 'Text is longer than 3000 characters', 'MAX_LENGTH_EXCEEDED');
        post.data.sentCommentary = set.commentary;
        set.commentary = silentlyTruncated(set.commentary);
      }
      Object.assign(post.data, set, { edits: Number(post.data.edits ?? 0) + 1 });
      return { status: 204 };
    }),
    { auth: true },
  );

  r.delete(
    '/rest/posts/:urn',
    guarded((req) => {
      const post = sim.state.getPost('linkedin', req.params.urn ?? '');
      if (!post || post.deleted) return error(404, 'Not found');
      if (!authors(req).has(String(post.data.author)))
        return error(403, 'Not enough permissions to delete', { code: 'ACCESS_DENIED' });
      sim.state.deletePost('linkedin', post.id);
      return { status: 204 };
    }),
    { auth: true },
  );
};
