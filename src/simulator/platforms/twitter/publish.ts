/**
 * X API v2 publishing on the simulator: chunked media upload
 * (initialize / append / finalize / STATUS with a processing state machine),
 * `POST /2/tweets` with X's checks (weighted 280, 25,000 for Premium accounts, media/poll exclusions, poll
 * bounds, reply target, community id, reply settings, duplicate text 403, the
 * per-user 100 per 15 minutes limit with x-rate-limit-* headers), the user
 * timeline (texts as X returns them: links as t.co, entities escaped) and delete.
 * A video that breaks X's media rules (media-rules.ts of the platform module)
 * ends its processing `failed`, as X's does; an image that breaks them is refused
 * at finalize.
 * Knobs (collection 'settings'): `checkAfterSecs` (default 1), `failProcessing`.
 */
import { xWeightedLength as weightedLength } from '../../../facts/text-length.ts';
import { twitterMediaRules } from '../../../platforms/twitter/media-rules.ts';
import type { SimRequest } from '../../index.ts';
import { authOf, json, numericId, readMultipart, type SimRouter, type Simulator } from '../../index.ts';
import { imageBreachesOf, videoBreachesOf } from '../_shared/media-rules.ts';
import { invalidRequest, problem, resourceProblem } from './problem.ts';

interface SimMedia {
  id: string;
  owner: string;
  mediaType: string;
  category: string;
  totalBytes: number;
  received: Map<number, number>;
  /** A video's segments as sent (up to MAX_KEPT bytes in all), for the processing's media rules. */
  segments: Map<number, Buffer>;
  /** Set at finalize: the video breaks X's media rules, so processing ends `failed`. */
  refused?: boolean;
  state: 'uploading' | 'pending' | 'in_progress' | 'succeeded' | 'failed';
}

const invalid = invalidRequest;

const WINDOW_MS = 15 * 60_000;
/** Videos larger than this are not held for the rules check (test media stays far smaller). */
const MAX_KEPT = 64 * 1024 * 1024;
const LIMIT = 100;

export const register = (r: SimRouter, sim: Simulator): void => {
  const media = sim.state.collection<SimMedia>('twitter', 'media');
  const settings = sim.state.collection<unknown>('twitter', 'settings');
  const windows = sim.state.collection<{ start: number; count: number }>('twitter', 'rate');
  const checkAfter = () => Number(settings.get('checkAfterSecs') ?? 1);

  // X's v2 description closes processing_info to these fields: a failure is its state alone.
  const processingInfo = (m: SimMedia) =>
    m.state === 'failed'
      ? { state: 'failed', progress_percent: 100 }
      : m.state === 'succeeded'
        ? { state: 'succeeded', progress_percent: 100 }
        : {
            state: m.state,
            check_after_secs: checkAfter(),
            progress_percent: m.state === 'pending' ? 0 : 50,
          };

  r.post(
    '/2/media/upload/initialize',
    (req) => {
      const body = req.body as Record<string, unknown> | undefined;
      const mediaType = String(body?.media_type ?? '');
      const totalBytes = Number(body?.total_bytes);
      if (!mediaType || !Number.isInteger(totalBytes) || totalBytes <= 0)
        return invalid('media_type and total_bytes are required');
      const id = numericId(19);
      const category = String(
        body?.media_category ?? (mediaType.startsWith('video/') ? 'tweet_video' : 'tweet_image'),
      );
      media.set(id, {
        id,
        owner: authOf(req).account.id,
        mediaType,
        category,
        totalBytes,
        received: new Map(),
        segments: new Map(),
        state: 'uploading',
      });
      return json(200, { data: { id, media_key: `3_${id}`, expires_after_secs: 86400 } });
    },
    { auth: true },
  );

  r.post(
    '/2/media/upload/:id/append',
    async (req) => {
      const m = media.get(req.params.id ?? '');
      if (!m || m.owner !== authOf(req).account.id) return invalid('media id not found');
      const form = await readMultipart(req);
      const index = Number(form.get('segment_index'));
      const part = form.get('media');
      if (!Number.isInteger(index) || index < 0 || index > 999 || !(part instanceof Blob))
        return invalid('segment_index and media are required');
      m.received.set(index, part.size);
      if ((m.mediaType.startsWith('video/') || m.mediaType.startsWith('image/')) && m.totalBytes <= MAX_KEPT)
        m.segments.set(index, Buffer.from(await part.arrayBuffer()));
      // X answers 200 with the upload session's expiry (unix seconds), not an empty 204.
      return json(200, { data: { expires_at: Math.floor(sim.clock.now() / 1000) + 86400 } });
    },
    { auth: true },
  );

  r.post(
    '/2/media/upload/:id/finalize',
    async (req) => {
      const m = media.get(req.params.id ?? '');
      if (!m || m.owner !== authOf(req).account.id) return invalid('media id not found');
      const size = [...m.received.values()].reduce((a, b) => a + b, 0);
      if (size !== m.totalBytes)
        return invalid(`File size mismatch: got ${size} bytes, expected ${m.totalBytes}`);
      const format = twitterMediaRules.formats.post;
      // An image is judged at finalize against X's image rules (5 MB, 8,192 px per side). The
      // answer is ours: X's v1.1 upload said such refusals as 324 "Image dimensions must be …" /
      // "Image file size must be …"; v2's problem shape carries the rule here in its detail.
      if (m.mediaType.startsWith('image/') && m.category !== 'tweet_gif' && format?.image) {
        const bytes = Buffer.concat([...m.segments.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b));
        m.segments.clear();
        const breaches = m.received.size && bytes.length === size ? await imageBreachesOf(bytes, format) : [];
        if (breaches.length) {
          media.delete(m.id);
          return invalid(`Invalid media: the image ${breaches.map((b) => b.message).join('; ')}`);
        }
      }
      const processed = m.mediaType.startsWith('video/') || m.category === 'tweet_gif';
      m.state = processed ? 'pending' : 'succeeded';
      // X's processing holds a video to its media rules (MP4 or MOV, H.264/AAC, frame, rate, length).
      if (m.mediaType.startsWith('video/') && m.segments.size === m.received.size && format) {
        const bytes = Buffer.concat([...m.segments.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b));
        m.refused = (await videoBreachesOf(bytes, format)).length > 0;
        m.segments.clear();
      }
      const data: Record<string, unknown> = {
        id: m.id,
        media_key: `3_${m.id}`,
        size,
        expires_after_secs: 86400,
      };
      if (processed) data.processing_info = processingInfo(m);
      return json(200, { data });
    },
    { auth: true },
  );

  r.get(
    '/2/media/upload',
    (req) => {
      if (req.query.command !== 'STATUS') return invalid('command must be STATUS');
      const m = media.get(req.query.media_id ?? '');
      if (!m || m.owner !== authOf(req).account.id) return invalid('media id not found');
      if (m.state === 'pending') m.state = 'in_progress';
      else if (m.state === 'in_progress')
        m.state = settings.get('failProcessing') || m.refused ? 'failed' : 'succeeded';
      return json(200, { data: { id: m.id, media_key: `3_${m.id}`, processing_info: processingInfo(m) } });
    },
    { auth: true },
  );

  r.post('/2/tweets', (req) => createTweet(req), { auth: true });

  function rateHeaders(account: string): { headers: Record<string, string>; exceeded: boolean } {
    const now = sim.clock.now();
    let w = windows.get(account);
    if (!w || now - w.start >= WINDOW_MS) {
      w = { start: now, count: 0 };
      windows.set(account, w);
    }
    const exceeded = w.count >= LIMIT;
    if (!exceeded) w.count++;
    return {
      exceeded,
      headers: {
        'x-rate-limit-limit': String(LIMIT),
        'x-rate-limit-remaining': String(Math.max(0, LIMIT - w.count)),
        'x-rate-limit-reset': String(Math.ceil((w.start + WINDOW_MS) / 1000)),
      },
    };
  }

  function createTweet(req: SimRequest) {
    const account = authOf(req).account.id;
    const rate = rateHeaders(account);
    if (rate.exceeded)
      return problem(429, 'Too Many Requests', 'about:blank', 'Too Many Requests', rate.headers);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const text = typeof body.text === 'string' ? body.text : '';
    const mediaIds = ((body.media as { media_ids?: unknown[] } | undefined)?.media_ids ?? []).map(String);
    const poll = body.poll as { options?: unknown[]; duration_minutes?: unknown } | undefined;
    const reply = body.reply as { in_reply_to_tweet_id?: unknown } | undefined;
    if (!text && !mediaIds.length)
      return invalid('One or more parameters to your request was invalid: text or media is required');
    // Premium accounts may post long text (25,000); the others are refused as X refuses them.
    const eligible = ['Premium', 'PremiumPlus'].includes(authOf(req).account.subscriptionType ?? 'None');
    if (weightedLength(text) > (eligible ? 25_000 : 280))
      return problem(403, 'You are not permitted to perform this action.', 'about:blank', 'Forbidden');
    if (poll && mediaIds.length) return invalid('poll and media can not be combined');
    if (mediaIds.length > 4) return invalid('Your media IDs are invalid: at most 4 items');
    for (const id of mediaIds) {
      const m = media.get(id);
      if (!m || m.owner !== account) return invalid(`Your media IDs are invalid: ${id}`);
      if (m.state !== 'succeeded') return invalid(`Your media IDs are invalid: ${id} is not ready`);
    }
    if (poll) {
      const options = poll.options ?? [];
      const minutes = Number(poll.duration_minutes);
      if (
        options.length < 2 ||
        options.length > 4 ||
        options.some((o) => typeof o !== 'string' || o.length < 1 || o.length > 25)
      )
        return invalid('poll.options must have 2 to 4 entries of 1 to 25 characters');
      if (!Number.isInteger(minutes) || minutes < 5 || minutes > 10080)
        return invalid('poll.duration_minutes must be 5 to 10080');
    }
    if (
      body.reply_settings !== undefined &&
      !['following', 'mentionedUsers', 'subscribers', 'verified'].includes(String(body.reply_settings))
    )
      return invalid('reply_settings is invalid');
    if (body.community_id !== undefined && !/^[0-9]{1,19}$/.test(String(body.community_id)))
      return invalid('community_id is invalid');
    if (reply) {
      const parent = sim.state.getPost('twitter', String(reply.in_reply_to_tweet_id ?? ''));
      if (!parent || parent.deleted)
        return invalid('The Tweet you are replying to has been deleted or is not visible to you.');
    }
    const duplicate =
      sim.state.listPosts('twitter', { account, where: (p) => p.data.text === text && !!text }).length > 0;
    if (duplicate)
      return problem(
        403,
        'You are not allowed to create a Tweet with duplicate content.',
        'about:blank',
        'Forbidden',
      );
    const id = numericId(19);
    sim.state.createPost('twitter', account, body, { id, kind: 'tweet' });
    return json(201, { data: { id, text } }, rate.headers);
  }

  /** How X shows a stored text: links shortened to t.co, & < > as entities. */
  const asStored = (text: string) =>
    text
      .replace(/https?:\/\/\S+/g, () => `https://t.co/${numericId(10)}`)
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;');

  r.get(
    '/2/users/:id/tweets',
    (req) => {
      if (req.params.id !== authOf(req).account.id)
        return resourceProblem(
          403,
          'not-authorized-for-resource',
          'You are not authorized to view this user.',
          {
            type: 'user',
            id: req.params.id ?? '',
            parameter: 'id',
          },
        );
      const since = req.query.start_time ? Date.parse(req.query.start_time) : 0;
      const until = req.query.end_time ? Date.parse(req.query.end_time) : Number.POSITIVE_INFINITY;
      const max = Math.min(100, Number(req.query.max_results ?? 10));
      const posts = sim.state
        .listPosts('twitter', {
          account: req.params.id,
          where: (p) => Date.parse(p.createdAt) >= since && Date.parse(p.createdAt) < until,
        })
        .reverse()
        .slice(0, max);
      const data = posts.map((p) => ({
        id: p.id,
        text: asStored(String(p.data.text ?? '')),
        created_at: p.createdAt,
      }));
      return json(
        200,
        data.length ? { data, meta: { result_count: data.length } } : { meta: { result_count: 0 } },
      );
    },
    { auth: true },
  );

  r.delete(
    '/2/tweets/:id',
    (req) => {
      const post = sim.state.getPost('twitter', req.params.id ?? '');
      if (!post || post.deleted)
        return resourceProblem(404, 'resource-not-found', 'Could not find tweet', {
          type: 'tweet',
          id: req.params.id ?? '',
          parameter: 'id',
        });
      if (post.accountId !== authOf(req).account.id)
        return problem(403, 'You are not allowed to delete this Tweet.', 'about:blank', 'Forbidden');
      sim.state.deletePost('twitter', post.id);
      return json(200, { data: { deleted: true } });
    },
    { auth: true },
  );
};
