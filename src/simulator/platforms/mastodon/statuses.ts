/**
 * The instance's REST API: the instance description (`/api/v2/instance`, public),
 * the account (`verify_credentials`), media (`POST /api/v2/media`: images ready at
 * once with 200, videos 202 and processing until read once more; `GET
 * /api/v1/media/:id` 206 while processing), statuses (create with
 * `Idempotency-Key`: the same key of the same account within an hour answers the
 * first status; edit, read, delete) and the account's statuses, newest first.
 * Refusals are Mastodon's own 422 `{error}` sentences. An upload is held to
 * Mastodon's media rules (the platform module's media-rules.ts): a file whose
 * content is not the image or video it claims is "Validation failed: File content
 * type is invalid, File is invalid"; one over the instance's size "Validation
 * failed: File file size must be less than N MB"; an image or video over the
 * matrix limit "WxH images are not supported" / "WxH videos are not supported", a
 * video over the frame rate limit "Nfps videos are not supported" (the sentences of
 * Mastodon's MediaAttachment model, app/models/media_attachment.rb).
 */

import { mastodonMediaRules } from '../../../platforms/mastodon/media-rules.ts';
import { bodyObject, headerValue, json, readMultipart, type SimRequest } from '../../core/http.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { imageBreachesOf, videoBreachesOf } from '../_shared/media-rules.ts';
import {
  credentialAccountJson,
  instanceJson,
  limitsOf,
  mediaJson,
  type SimMedia,
  statusJson,
} from './entities.ts';
import { mastodonError } from './platform.ts';

const IDEMPOTENCY_TTL_MS = 3600_000;
let idSeq = 113_000_000_000_000_000n;
const nextId = () => String(++idSeq);

/**
 * Mastodon's refusal of an upload under its media rules, in its own sentences; the
 * size is the instance's own limit, checked before.
 */
async function mediaRefusal(type: 'image' | 'gifv' | 'video', bytes: Buffer): Promise<string | undefined> {
  const format = type === 'video' ? mastodonMediaRules.formats.video : mastodonMediaRules.formats.image;
  if (!format) return undefined;
  const breaches =
    type === 'video' ? await videoBreachesOf(bytes, format) : await imageBreachesOf(bytes, format);
  const hit = (rule: string) => breaches.find((b) => b.rule === rule);
  if (hit('format') || hit('container'))
    return 'Validation failed: File content type is invalid, File is invalid';
  const frame = hit('pixels');
  if (frame) {
    const dims = /(\d+)×(\d+)/.exec(frame.message);
    return `${dims?.[1]}x${dims?.[2]} ${type === 'video' ? 'videos' : 'images'} are not supported`;
  }
  const fps = hit('fps');
  if (fps)
    return `${Math.floor(Number(/runs at ([\d.]+) fps/.exec(fps.message)?.[1]))}fps videos are not supported`;
  return undefined;
}

const count = (text: string, perUrl: number) =>
  [...text.replace(/https?:\/\/\S+/g, 'x'.repeat(perUrl))].length;

export const register = (r: SimRouter, sim: Simulator): void => {
  const media = () => sim.state.collection<SimMedia>('mastodon', 'media');
  const keys = () => sim.state.collection<{ id: string; at: number }>('mastodon', 'idempotency');
  const me = (req: SimRequest) => req.auth!.account;
  const own = (req: SimRequest) => {
    const post = sim.state.getPost('mastodon', req.params.id ?? '');
    return post && !post.deleted && post.kind === 'status' ? post : undefined;
  };

  r.get('/api/v2/instance', () => json(200, instanceJson(sim)));

  r.get('/api/v1/accounts/verify_credentials', (req) => json(200, credentialAccountJson(sim, me(req))), {
    auth: true,
  });

  r.post(
    '/api/v2/media',
    async (req) => {
      const ct = String(req.headers['content-type'] ?? '');
      if (!ct.startsWith('multipart/form-data'))
        return mastodonError(422, 'Validation failed: File is missing');
      const form = await readMultipart(req);
      const file = form.get('file');
      if (!file || typeof file === 'string') return mastodonError(422, 'Validation failed: File is missing');
      const type = file.type.startsWith('video/')
        ? 'video'
        : file.type === 'image/gif'
          ? 'gifv'
          : file.type.startsWith('image/')
            ? 'image'
            : null;
      if (!type)
        return mastodonError(422, `Validation failed: File content type "${file.type}" is not supported`);
      const l = limitsOf(sim);
      const limit = type === 'image' ? l.image_size_limit : l.video_size_limit;
      if (file.size > limit)
        return mastodonError(
          422,
          `Validation failed: File file size must be less than ${Math.round(limit / 1024 / 1024)} MB`,
        );
      const refused = await mediaRefusal(type, Buffer.from(await file.arrayBuffer()));
      if (refused) return mastodonError(422, refused);
      const description = form.get('description');
      if (typeof description === 'string' && [...description].length > l.description_limit)
        return mastodonError(
          422,
          `Validation failed: Description is too long (maximum is ${l.description_limit} characters)`,
        );
      const m: SimMedia = {
        id: nextId(),
        accountId: me(req).id,
        type,
        description: typeof description === 'string' ? description : null,
        processing: type === 'image' ? 0 : 1,
        fileName: (file as File).name || 'file',
      };
      media().set(m.id, m);
      return json(m.processing > 0 ? 202 : 200, mediaJson(sim, m));
    },
    { auth: true },
  );

  r.get(
    '/api/v1/media/:id',
    (req) => {
      const m = media().get(req.params.id ?? '');
      if (!m || m.accountId !== me(req).id) return mastodonError(404, 'Record not found');
      if (m.processing > 0) {
        m.processing--;
        return json(206, mediaJson(sim, { ...m, processing: 1 }));
      }
      return json(200, mediaJson(sim, m));
    },
    { auth: true },
  );

  /** The problems of a status body, in Mastodon's words (422), or null. */
  function refusal(req: SimRequest, b: Record<string, unknown>, editing: boolean): string | null {
    const l = limitsOf(sim);
    const text = typeof b.status === 'string' ? b.status : '';
    const ids = Array.isArray(b.media_ids) ? b.media_ids.map(String) : [];
    const poll = b.poll as { options?: unknown[]; expires_in?: number } | undefined;
    if (!editing && text.trim() === '' && ids.length === 0 && !poll)
      return "Validation failed: Text can't be blank";
    const spoiler = typeof b.spoiler_text === 'string' ? b.spoiler_text : '';
    if (count(text, l.characters_reserved_per_url) + [...spoiler].length > l.max_characters)
      return `Validation failed: Text character limit of ${l.max_characters} exceeded`;
    if (ids.length > l.max_media_attachments)
      return `Validation failed: Media attachments cannot be more than ${l.max_media_attachments}`;
    if (poll && ids.length) return 'Validation failed: Cannot attach files to a poll';
    for (const id of ids) {
      const m = media().get(id);
      if (!m || m.accountId !== me(req).id) return 'Validation failed: Media attachments are invalid';
      if (m.processing > 0)
        return 'Cannot attach files that have not finished processing. Try again in a moment!';
    }
    if (poll) {
      const options = Array.isArray(poll.options) ? poll.options : [];
      if (options.length < 2 || options.length > l.max_options)
        return `Validation failed: Poll must have between 2 and ${l.max_options} options`;
      if (options.some((o) => typeof o !== 'string' || [...o].length > l.max_characters_per_option))
        return `Validation failed: Poll options are too long (maximum is ${l.max_characters_per_option} characters)`;
      const e = Number(poll.expires_in);
      if (!(e >= l.min_expiration && e <= l.max_expiration))
        return 'Validation failed: Poll expiration is out of range';
    }
    if (b.in_reply_to_id !== undefined && b.in_reply_to_id !== null) {
      const parent = sim.state.getPost('mastodon', String(b.in_reply_to_id));
      if (!parent || parent.deleted)
        return 'Validation failed: The post you are trying to reply to does not appear to exist';
    }
    return null;
  }

  r.post(
    '/api/v1/statuses',
    (req) => {
      const b = bodyObject(req);
      const account = me(req);
      const key = headerValue(req, 'idempotency-key');
      const now = sim.clock.now();
      if (key) {
        const seen = keys().get(`${account.id}:${key}`);
        const earlier =
          seen && now - seen.at < IDEMPOTENCY_TTL_MS ? sim.state.getPost('mastodon', seen.id) : undefined;
        if (earlier) return json(200, statusJson(sim, earlier));
      }
      const problem = refusal(req, b, false);
      if (problem) return mastodonError(422, problem);
      const poll = b.poll as { options: string[]; expires_in: number; multiple?: boolean } | undefined;
      const parentId = b.in_reply_to_id == null ? null : String(b.in_reply_to_id);
      const post = sim.state.createPost(
        'mastodon',
        account.id,
        {
          status: typeof b.status === 'string' ? b.status : '',
          media: Array.isArray(b.media_ids) ? b.media_ids.map(String) : [],
          in_reply_to_id: parentId,
          spoiler_text: typeof b.spoiler_text === 'string' ? b.spoiler_text : '',
          sensitive: b.sensitive === true,
          visibility: typeof b.visibility === 'string' ? b.visibility : 'public',
          language: typeof b.language === 'string' ? b.language : 'en',
          poll: poll
            ? { options: poll.options, expires_in: Number(poll.expires_in), multiple: poll.multiple === true }
            : null,
          favourites: 0,
          reblogs: 0,
          replies: 0,
          edited_at: null,
          idempotencyKey: key ?? null,
        },
        { id: nextId(), kind: 'status' },
      );
      if (parentId) {
        const parent = sim.state.getPost('mastodon', parentId)!;
        parent.data.replies = Number(parent.data.replies) + 1;
      }
      if (key) keys().set(`${account.id}:${key}`, { id: post.id, at: now });
      return json(200, statusJson(sim, post));
    },
    { auth: true },
  );

  r.get(
    '/api/v1/statuses/:id',
    (req) => {
      const post = own(req);
      return post ? json(200, statusJson(sim, post)) : mastodonError(404, 'Record not found');
    },
    { auth: true },
  );

  r.put(
    '/api/v1/statuses/:id',
    (req) => {
      const post = own(req);
      if (!post || post.accountId !== me(req).id) return mastodonError(404, 'Record not found');
      const b = bodyObject(req);
      const problem = refusal(req, { ...b, media_ids: b.media_ids ?? [] }, true);
      if (problem) return mastodonError(422, problem);
      if (typeof b.status === 'string') post.data.status = b.status;
      if (typeof b.spoiler_text === 'string') post.data.spoiler_text = b.spoiler_text;
      if (typeof b.sensitive === 'boolean') post.data.sensitive = b.sensitive;
      if (typeof b.language === 'string') post.data.language = b.language;
      // As on Mastodon, the attachments are the ones named now.
      post.data.media = Array.isArray(b.media_ids) ? b.media_ids.map(String) : [];
      for (const a of Array.isArray(b.media_attributes)
        ? (b.media_attributes as { id?: string; description?: string }[])
        : []) {
        const m = a?.id ? media().get(a.id) : undefined;
        if (m && typeof a.description === 'string') m.description = a.description;
      }
      post.data.edited_at = new Date(sim.clock.now()).toISOString();
      return json(200, statusJson(sim, post));
    },
    { auth: true },
  );

  r.delete(
    '/api/v1/statuses/:id',
    (req) => {
      const post = own(req);
      if (!post || post.accountId !== me(req).id) return mastodonError(404, 'Record not found');
      const answer = statusJson(sim, post);
      sim.state.deletePost('mastodon', post.id);
      return json(200, answer);
    },
    { auth: true },
  );

  r.get(
    '/api/v1/accounts/:id/statuses',
    (req) => {
      const account = sim.state.account('mastodon', req.params.id);
      if (!account) return mastodonError(404, 'Record not found');
      const limit = Math.min(Math.max(Number(req.query.limit ?? 20) || 20, 1), 40);
      const list = sim.state
        .listPosts('mastodon', { account: account.id, kind: 'status' })
        .slice()
        .reverse()
        .slice(0, limit);
      return json(
        200,
        list.map((p) => statusJson(sim, p)),
      );
    },
    { auth: true },
  );
};
