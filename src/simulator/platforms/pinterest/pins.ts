/**
 * Pinterest pins and boards on the simulator (API v5): `GET /v5/boards/{id}`,
 * `GET /v5/boards/{id}/pins` (newest first, bookmark paging), `POST /v5/pins`
 * with PinCreate's checks (board_id pattern, a board the caller owns or
 * collaborates on,
 * title 100, description 800, link 2048, alt_text 500, dominant_color `#RRGGBB`,
 * the `media_source` union: image_url, image_base64, multiple_image_urls and
 * multiple_image_base64 with 2 to 5 items, video_id with a processed video and a
 * cover; image URLs are fetched, and one that can not be fetched is refused),
 * `GET`, `PATCH` (PinUpdate: title, description, link, alt_text…) and
 * `DELETE /v5/pins/{id}`. Errors are `{code, message}`.
 * Every pin is a simulator post of kind `pin` (data: the PinCreate body plus
 * `media_type`), so tests count them. Pin creation has a per-user window
 * (`org_write`, knob `pinsPerMinute`, default 100) answering 429 code 8.
 */

import { pinterestMediaRules } from '../../../platforms/pinterest/media-rules.ts';
import type { SimAccount, SimPost, SimRequest, SimResponse } from '../../index.ts';
import { authOf, json, numericId, type SimRouter, type Simulator } from '../../index.ts';
import { allFetchable } from '../_shared/media-fetch.ts';
import { imageBreachesAt, imageBreachesOf } from '../_shared/media-rules.ts';
import type { SimPinterestMedia } from './media.ts';

type Rec = Record<string, unknown>;

const error = (status: number, code: number, message: string) => json(status, { code, message });
const invalid = (message: string) => error(400, 1, `Invalid request parameter: ${message}`);
const boardNotFound = () => error(404, 404, 'Board not found.');
const pinNotFound = () => error(404, 404, 'Pin not found.');
const notPermitted = () => error(403, 29, 'You are not permitted to access that resource.');
const rateLimited = () => error(429, 8, 'You have exceeded your rate limit. Try again later.');

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The decoded data starts as its content type says (PNG signature, JPEG start of image). */
const isImage = (bytes: Buffer, type: string) =>
  type === 'image/png'
    ? bytes.subarray(0, 8).equals(PNG_SIGNATURE)
    : bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
const MINUTE_MS = 60_000;

/**
 * The Pin object as v5 answers it (the fields the adapters read and a few more),
 * only fields of the v5 Pin schema (contracts/pinterest.json).
 */
export function pinAnswer(post: SimPost): Rec {
  const d = post.data;
  return {
    id: post.id,
    created_at: post.createdAt.replace(/\.\d+Z$/, ''),
    link: d.link ?? null,
    title: d.title ?? null,
    description: d.description ?? null,
    dominant_color: d.dominant_color ?? null,
    alt_text: d.alt_text ?? null,
    board_id: d.board_id,
    board_section_id: null,
    board_owner: { username: d.owner_username },
    is_owner: true,
    media: { media_type: d.media_type },
    parent_pin_id: null,
    is_standard: true,
    has_been_promoted: false,
    pin_metrics: null,
  };
}

export const register = (r: SimRouter, sim: Simulator): void => {
  const media = sim.state.collection<SimPinterestMedia>('pinterest', 'media');
  const settings = sim.state.collection<unknown>('pinterest', 'settings');
  const windows = sim.state.collection<{ start: number; count: number }>('pinterest', 'rate');

  /**
   * The board, its owner, and whether the caller may pin to it (owner or group
   * board collaborator); another user's secret board is not found.
   */
  function findBoard(id: string, caller: SimAccount) {
    for (const owner of sim.state.accountsOf('pinterest')) {
      const board = owner.boards?.find((b) => b.id === id);
      if (!board) continue;
      const member = owner.id === caller.id || !!board.collaborators?.includes(caller.id);
      if (!member && board.privacy === 'SECRET') return undefined;
      return { board, owner, member };
    }
    return undefined;
  }

  r.get(
    '/v5/boards/:board_id',
    (req) => {
      const found = findBoard(req.params.board_id ?? '', authOf(req).account);
      if (!found) return boardNotFound();
      const { board, owner } = found;
      return json(200, {
        id: board.id,
        name: board.name,
        description: board.description,
        owner: { username: owner.username },
        privacy: board.privacy,
        pin_count: sim.state.countPosts('pinterest', { where: (p) => p.data.board_id === board.id }),
        follower_count: 0,
        created_at: '2024-01-01T00:00:00',
        board_pins_modified_at: '2024-01-01T00:00:00',
      });
    },
    { auth: true },
  );

  r.get(
    '/v5/boards/:board_id/pins',
    (req) => {
      const found = findBoard(req.params.board_id ?? '', authOf(req).account);
      if (!found) return boardNotFound();
      const size = Number(req.query.page_size ?? '25');
      if (!Number.isInteger(size) || size < 1 || size > 250)
        return invalid('page_size must be between 1 and 250');
      const start = Number(req.query.bookmark ?? '0') || 0;
      const pins = sim.state
        .listPosts('pinterest', { where: (p) => p.data.board_id === found.board.id })
        .reverse();
      const items = pins.slice(start, start + size).map(pinAnswer);
      return json(200, { items, bookmark: start + size < pins.length ? String(start + size) : null });
    },
    { auth: true },
  );

  r.post('/v5/pins', (req) => createPin(req), { auth: true });

  function withinRate(account: string): boolean {
    const now = sim.clock.now();
    let w = windows.get(account);
    if (!w || now - w.start >= MINUTE_MS) {
      w = { start: now, count: 0 };
      windows.set(account, w);
    }
    if (w.count >= Number(settings.get('pinsPerMinute') ?? 100)) return false;
    w.count++;
    return true;
  }

  /**
   * The first breach of Pinterest's image pin rules (media-rules.ts) among the
   * images it pulled or was sent; Pinterest answers code 1 with its own words,
   * so the words here are the rule's.
   */
  async function imageRefusal(source: Rec, urls: string[]): Promise<string | undefined> {
    const format = pinterestMediaRules.formats.pin;
    if (!format) return undefined;
    const encoded =
      source.source_type === 'image_base64'
        ? [source]
        : source.source_type === 'multiple_image_base64'
          ? (source.items as Rec[])
          : [];
    for (const url of urls) {
      const [breach] = await imageBreachesAt(url, format);
      if (breach) return `the image ${breach.message}`;
    }
    for (const item of encoded) {
      const [breach] = await imageBreachesOf(Buffer.from(String(item.data ?? ''), 'base64'), format);
      if (breach) return `the image ${breach.message}`;
    }
    return undefined;
  }

  async function createPin(req: SimRequest): Promise<SimResponse> {
    const caller = authOf(req).account;
    if (!withinRate(caller.id)) return rateLimited();
    const body = (req.body ?? {}) as Rec;
    const boardId = typeof body.board_id === 'string' ? body.board_id : '';
    if (!/^\d+$/.test(boardId)) return invalid(`board_id must match the pattern: ^\\d+$`);
    const found = findBoard(boardId, caller);
    if (!found) return boardNotFound();
    if (!found.member) return notPermitted();
    const problem = fieldProblem(body) ?? mediaProblem(body.media_source, caller.id);
    if (problem) return invalid(problem);
    const source = body.media_source as Rec;
    // Pinterest fetches image URLs while it makes the pin: one it can not fetch is
    // refused (the message is ours; Pinterest answers a 400 with its own words).
    const urls =
      source.source_type === 'image_url'
        ? [String(source.url)]
        : source.source_type === 'multiple_image_urls'
          ? (source.items as Rec[]).map((i) => String(i.url))
          : [];
    if (!(await allFetchable(urls)))
      return invalid('media_source: an image could not be fetched from its URL');
    const refused = await imageRefusal(source, urls);
    if (refused) return invalid(`media_source: ${refused}`);
    const type = String(source.source_type);
    const mediaType = type.startsWith('multiple_')
      ? 'multiple_images'
      : type === 'video_id'
        ? 'video'
        : 'image';
    const itemCount = Array.isArray(source.items) ? source.items.length : 1;
    const post = sim.state.createPost(
      'pinterest',
      caller.id,
      { ...body, media_type: mediaType, item_count: itemCount, owner_username: caller.username },
      { id: numericId(18), kind: 'pin' },
    );
    return json(201, pinAnswer(post));
  }

  function fieldProblem(body: Rec): string | undefined {
    const limits: [string, number][] = [
      ['title', 100],
      ['description', 800],
      ['link', 2048],
      ['alt_text', 500],
    ];
    for (const [name, max] of limits) {
      const v = body[name];
      if (v === undefined || v === null) continue;
      if (typeof v !== 'string') return `${name} must be a string`;
      if ([...v].length > max) return `${name} must be at most ${max} characters`;
    }
    if (typeof body.link === 'string' && !/^https?:\/\/\S+$/.test(body.link)) return 'link must be a URL';
    if (body.dominant_color !== undefined && !/^#[0-9A-Fa-f]{6}$/.test(String(body.dominant_color)))
      return 'dominant_color must match the pattern: ^#[0-9a-fA-F]{6}$';
    return undefined;
  }

  function mediaProblem(value: unknown, owner: string): string | undefined {
    const source = (value ?? {}) as Rec;
    const base64 = (item: Rec, where: string) =>
      item.content_type !== 'image/jpeg' && item.content_type !== 'image/png'
        ? `${where}.content_type must be one of [image/jpeg, image/png]`
        : typeof item.data !== 'string' || !BASE64.test(item.data)
          ? `${where}.data must be base64`
          : isImage(Buffer.from(item.data, 'base64'), item.content_type)
            ? undefined
            : `${where}.data is not a valid ${item.content_type} image`;
    const url = (item: Rec, where: string) =>
      typeof item.url === 'string' && /^https?:\/\//.test(item.url)
        ? undefined
        : `${where}.url must be a URL`;
    switch (source.source_type) {
      case 'image_url':
        return url(source, 'media_source');
      case 'image_base64':
        return base64(source, 'media_source');
      case 'multiple_image_urls':
      case 'multiple_image_base64': {
        const items = Array.isArray(source.items) ? (source.items as Rec[]) : [];
        if (items.length < 2 || items.length > 5) return 'media_source.items must have 2 to 5 items';
        const check = source.source_type === 'multiple_image_urls' ? url : base64;
        for (const [i, item] of items.entries()) {
          const p = check(item, `media_source.items[${i}]`);
          if (p) return p;
        }
        return undefined;
      }
      case 'video_id': {
        const m = media.get(String(source.media_id ?? ''));
        if (!m || m.owner !== owner) return 'media_source.media_id: media not found';
        // A video still processing or failed (media.ts holds it to the video pin rules) makes no
        // pin: code 1 as Pinterest's invalid parameters answer, in our words (no refusal text is documented).
        if (m.status !== 'succeeded') return `media_source.media_id: media upload status is ${m.status}`;
        const cover =
          typeof source.cover_image_url === 'string' ||
          (typeof source.cover_image_data === 'string' &&
            typeof source.cover_image_content_type === 'string') ||
          typeof source.cover_image_key_frame_time === 'number';
        if (!cover)
          return 'media_source: cover_image_url or cover_image_content_type and cover_image_data or cover_image_key_frame_time is required';
        if (typeof source.cover_image_data === 'string')
          return base64(
            { content_type: source.cover_image_content_type, data: source.cover_image_data },
            'media_source.cover_image',
          );
        return undefined;
      }
      default:
        return 'media_source.source_type must be one of [image_url, image_base64, multiple_image_urls, multiple_image_base64, video_id]';
    }
  }

  r.get(
    '/v5/pins/:pin_id',
    (req) => {
      const post = sim.state.getPost('pinterest', req.params.pin_id ?? '');
      return post && !post.deleted ? json(200, pinAnswer(post)) : pinNotFound();
    },
    { auth: true },
  );

  // PinUpdate: the fields a live pin lets change; answers the pin. Edits are counted in `edits`.
  const UPDATABLE = [
    'title',
    'description',
    'link',
    'alt_text',
    'board_id',
    'board_section_id',
    'carousel_slots',
  ];
  r.patch(
    '/v5/pins/:pin_id',
    (req) => {
      const post = sim.state.getPost('pinterest', req.params.pin_id ?? '');
      if (!post || post.deleted) return pinNotFound();
      if (post.accountId !== authOf(req).account.id) return notPermitted();
      const body = (req.body ?? {}) as Rec;
      const unknown = Object.keys(body).find((k) => !UPDATABLE.includes(k));
      if (unknown) return invalid(`${unknown} is not a field of PinUpdate`);
      const problem = fieldProblem(body);
      if (problem) return invalid(problem);
      Object.assign(post.data, body, { edits: Number(post.data.edits ?? 0) + 1 });
      return json(200, pinAnswer(post));
    },
    { auth: true },
  );

  r.delete(
    '/v5/pins/:pin_id',
    (req) => {
      const post = sim.state.getPost('pinterest', req.params.pin_id ?? '');
      if (!post || post.deleted) return pinNotFound();
      if (post.accountId !== authOf(req).account.id) return notPermitted();
      sim.state.deletePost('pinterest', post.id);
      return { status: 204 };
    },
    { auth: true },
  );
};
