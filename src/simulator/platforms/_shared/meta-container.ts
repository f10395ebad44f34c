/**
 * The content-publishing container model Instagram and Threads share, on the
 * simulator: create a container (`POST /{user}/media` or `/{user}/threads`), poll
 * it (`GET /{container}?fields=…`), publish it (`POST /{user}/media_publish` or
 * `/threads_publish` with `creation_id`), read the published media (permalink),
 * list the user's recent media. Each platform file gives the parts that differ
 * (parameters, status fields, error codes, quota); the state machine is here:
 *
 * - IN_PROGRESS for N polls (setting `videoPolls`, default 3; `imagePolls` and
 *   `textPolls` default 0), then FINISHED; a carousel parent is FINISHED when every
 *   child is (polling the parent moves its children on too);
 * - ERROR instead of FINISHED when the setting `failProcessing` is set (its value
 *   is the error the platform gives: IG `status` subcode, Threads `error_message`);
 * - EXPIRED 24 h (simulator clock) after creation when not published;
 * - PUBLISHED after a successful publish, which records the post
 *   (`sim.state.createPost`, kind = the media type) so tests count posts.
 * Publishing a container that is not FINISHED is refused with the platform's
 * "not ready" code, so no container ever publishes twice.
 */

import {
  allParams,
  authOf,
  json,
  numericId,
  type SimRequest,
  type SimResponse,
  type SimRouter,
  type Simulator,
} from '../../index.ts';
import { fetchable } from './media-fetch.ts';
import { type MetaError, metaError } from './meta.ts';
import { parseFields, selectFields } from './meta-comments.ts';

export type ContainerState = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

export interface SimContainer {
  id: string;
  account: string;
  createdAt: number;
  /** IMAGE, VIDEO, REELS, STORIES, CAROUSEL, TEXT. */
  mediaType: string;
  params: Record<string, string>;
  isCarouselItem: boolean;
  children: string[];
  pollsLeft: number;
  failWith?: string;
  state: 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'PUBLISHED';
  publishedId?: string;
}

/** What differs between Instagram and Threads. */
export interface ContainerPlatformSim {
  platform: 'instagram' | 'threads';
  /** `media` (IG) or `threads`. */
  containerEdge: string;
  /** `media_publish` (IG) or `threads_publish`. */
  publishEdge: string;
  /** Checks the create parameters: the container's media type, or the platform's refusal. */
  readCreate(
    params: Record<string, string>,
    containers: Map<string, SimContainer>,
    account: string,
  ): { mediaType: string } | { error: MetaError };
  /** The status answer's fields for a state (`status_code`+`status` or `status`+`error_message`). */
  statusFields(c: SimContainer, state: ContainerState): Record<string, unknown>;
  /**
   * What happens when the media URL can not be fetched (the platform fetches it
   * while it makes the container): refused at once, or the container ends in
   * ERROR with this status.
   */
  fetchFailure(mediaType: string): { atCreate: MetaError } | { status: string };
  /**
   * The platform's refusal of the media it pulled (its media rules), checked at
   * container create after the fetch; undefined: accepted.
   */
  mediaRefusal?: (mediaType: string, params: Record<string, string>) => Promise<MetaError | undefined>;
  /**
   * The status a video container ends in when the platform's processing refuses
   * the video it pulled (its media rules: the container ends in ERROR with it);
   * undefined: processed.
   */
  processingFailure?: (mediaType: string, params: Record<string, string>) => Promise<string | undefined>;
  /** The refusal of a publish before FINISHED. */
  notReady: MetaError;
  /** The refusal of a container id that does not exist or expired. */
  noContainer(id: string): MetaError;
  /** A refusal of a FINISHED container's publish, injected by a setting (Threads' "not found" race). */
  beforePublish?: (c: SimContainer) => MetaError | undefined;
  /** The refusal when the 24 h publishing quota is used up. */
  quotaExceeded: (total: number) => { error: MetaError; status?: number };
  /** Default `quotaTotal`. */
  quotaTotal: number;
  /** The stored post's data from the published container (text, media, options). */
  postData(c: SimContainer, containers: Map<string, SimContainer>): Record<string, unknown>;
  /** The published media's fields (permalink, shortcode, text...). */
  mediaFields(
    post: { id: string; kind: string; data: Record<string, unknown>; createdAt: string },
    username: string,
  ): Record<string, unknown>;
}

const DAY_MS = 24 * 3600 * 1000;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The shortcode of a media id, as Instagram derives it (the id in base 64 with the
 * URL-safe alphabet); Threads shortcodes look the same. Tests compute the expected
 * permalink with it.
 */
export function shortcodeOf(id: string): string {
  let n = BigInt(id.split('_')[0] ?? '0');
  let out = '';
  while (n > 0n) {
    out = (ALPHABET[Number(n % 64n)] ?? 'A') + out;
    n /= 64n;
  }
  return out || 'A';
}

/** `2026-11-24T13:00:00+0000`, as Graph writes timestamps. */
export const graphTime = (iso: string): string => iso.replace(/\.\d+Z$/, '+0000');

/** A media URL Meta would try to fetch: http(s), no spaces. */
export const isMediaUrl = (v: string | undefined): boolean => !!v && /^https?:\/\/[^\s]+$/.test(v);

export function registerContainerRoutes(r: SimRouter, sim: Simulator, p: ContainerPlatformSim): void {
  const containers = sim.state.collection<SimContainer>(p.platform, 'containers');
  const settings = sim.state.collection<unknown>(p.platform, 'settings');
  const setting = (name: string, fallback: number) => Number(settings.get(name) ?? fallback);

  /** The path's user (or `me`) must be the token's account. */
  const userOf = (req: SimRequest): string | undefined => {
    const account = authOf(req).account.id;
    const user = req.params.user;
    return user === 'me' || user === account ? account : undefined;
  };
  const notYours = () =>
    metaError({
      message: '(#10) Application does not have permission for this action',
      code: 10,
    });

  const pollsFor = (mediaType: string): number => {
    if (mediaType === 'TEXT') return setting('textPolls', 0);
    if (mediaType === 'IMAGE') return setting('imagePolls', 0);
    if (mediaType === 'CAROUSEL') return 0;
    return setting('videoPolls', 3);
  };

  /** The container's state now; a poll (`advance`) moves IN_PROGRESS on by one. */
  const stateOf = (c: SimContainer, advance: boolean): ContainerState => {
    if (c.state === 'PUBLISHED' || c.state === 'ERROR') return c.state;
    if (sim.clock.now() - c.createdAt > DAY_MS) return 'EXPIRED';
    if (c.state === 'IN_PROGRESS') {
      if (c.mediaType === 'CAROUSEL') {
        const kids = c.children.map((id) => containers.get(id)).filter((k) => k !== undefined);
        const states = kids.map((k) => stateOf(k, advance));
        if (states.includes('ERROR')) {
          c.state = 'ERROR';
          c.failWith = kids.find((k) => k.state === 'ERROR')?.failWith ?? 'UNKNOWN';
        } else if (states.includes('EXPIRED')) return 'EXPIRED';
        else if (states.every((s) => s === 'FINISHED')) c.state = 'FINISHED';
        return c.state;
      }
      if (c.pollsLeft <= 0) c.state = c.failWith ? 'ERROR' : 'FINISHED';
      else if (advance) c.pollsLeft--;
    }
    return c.state;
  };

  const create = async (req: SimRequest): Promise<SimResponse> => {
    const account = userOf(req);
    if (!account) return notYours();
    const params = allParams(req);
    const read = p.readCreate(params, containers, account);
    if ('error' in read) return metaError(read.error);
    // The platform pulls the media from its URL: one it can not fetch fails here too.
    const urls = [params.image_url, params.video_url].filter((u): u is string => isMediaUrl(u));
    const unfetched = (await Promise.all(urls.map(fetchable))).includes(false)
      ? p.fetchFailure(read.mediaType)
      : undefined;
    if (unfetched && 'atCreate' in unfetched) return metaError(unfetched.atCreate);
    const refused = unfetched ? undefined : await p.mediaRefusal?.(read.mediaType, params);
    if (refused) return metaError(refused);
    const id = numericId(17);
    const isVideo = ['VIDEO', 'REELS', 'STORIES'].includes(read.mediaType);
    // The media rules fail an image or a video; the `failProcessing` setting, a video only.
    const failWith =
      unfetched?.status ??
      (unfetched ? undefined : await p.processingFailure?.(read.mediaType, params)) ??
      (isVideo ? settings.get('failProcessing') : undefined);
    const isCarouselItem = params.is_carousel_item === 'true';
    const c: SimContainer = {
      id,
      account,
      createdAt: sim.clock.now(),
      mediaType: read.mediaType,
      params,
      isCarouselItem,
      children: read.mediaType === 'CAROUSEL' ? (params.children ?? '').split(',').filter(Boolean) : [],
      pollsLeft: pollsFor(read.mediaType),
      state: 'IN_PROGRESS',
      ...(typeof failWith === 'string' ? { failWith } : {}),
    };
    containers.set(id, c);
    return json(200, { id });
  };

  const publish = (req: SimRequest): SimResponse => {
    const account = userOf(req);
    if (!account) return notYours();
    const id = allParams(req).creation_id ?? '';
    const c = containers.get(id);
    if (!c || c.account !== account || c.isCarouselItem) return metaError(p.noContainer(id));
    const state = stateOf(c, false);
    if (state === 'EXPIRED' || state === 'PUBLISHED') return metaError(p.noContainer(id));
    if (state !== 'FINISHED') return metaError(p.notReady);
    const injected = p.beforePublish?.(c);
    if (injected) return metaError(injected);
    const dayAgo = new Date(sim.clock.now() - DAY_MS).toISOString();
    const used = sim.state.listPosts(p.platform, {
      account,
      includeDeleted: true,
      where: (post) => post.createdAt > dayAgo,
    }).length;
    const total = setting('quotaTotal', p.quotaTotal);
    if (used >= total) {
      const refusal = p.quotaExceeded(total);
      return metaError(refusal.error, refusal.status);
    }
    const mediaId = numericId(17);
    c.state = 'PUBLISHED';
    c.publishedId = mediaId;
    sim.state.createPost(
      p.platform,
      account,
      { ...p.postData(c, containers), containerId: c.id },
      {
        id: mediaId,
        kind: c.mediaType,
      },
    );
    return json(200, { id: mediaId });
  };

  // Graph answers the fields asked for (`fields=a,b`) and the id, nothing else: a
  // read of a field nobody asked for must find it missing here as it would live.
  const fieldsOf = (req: SimRequest) => parseFields(allParams(req).fields);

  const read = (req: SimRequest): SimResponse => {
    const id = req.params.id ?? '';
    const account = authOf(req).account;
    const c = containers.get(id);
    if (c) {
      if (c.account !== account.id) return notYours();
      const state = stateOf(c, true);
      return json(200, selectFields({ id: c.id, ...p.statusFields(c, state) }, fieldsOf(req)));
    }
    const post = sim.state.getPost(p.platform, id);
    if (!post || post.deleted)
      return metaError({
        message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        code: 100,
        error_subcode: 33,
      });
    if (post.accountId !== account.id) return notYours();
    return json(200, selectFields({ id: post.id, ...p.mediaFields(post, account.username) }, fieldsOf(req)));
  };

  const list = (req: SimRequest): SimResponse => {
    const account = userOf(req);
    if (!account) return notYours();
    const q = allParams(req);
    const since = Number(q.since ?? 0) * 1000;
    const limit = Math.min(100, Number(q.limit ?? 25));
    const username = authOf(req).account.username;
    const data = sim.state
      .listPosts(p.platform, { account, where: (post) => Date.parse(post.createdAt) >= since })
      .reverse()
      .slice(0, limit)
      .map((post) => selectFields({ id: post.id, ...p.mediaFields(post, username) }, fieldsOf(req)));
    return json(200, { data, paging: {} });
  };

  const limits = (req: SimRequest): SimResponse => {
    const account = userOf(req);
    if (!account) return notYours();
    const dayAgo = new Date(sim.clock.now() - DAY_MS).toISOString();
    const used = sim.state.listPosts(p.platform, {
      account,
      includeDeleted: true,
      where: (post) => post.createdAt > dayAgo,
    }).length;
    return json(200, {
      data: [
        {
          quota_usage: used,
          config: { quota_total: setting('quotaTotal', p.quotaTotal), quota_duration: 86400 },
        },
      ],
    });
  };

  r.post(`/:version/:user/${p.containerEdge}`, create, { auth: true });
  r.get(`/:version/:user/${p.containerEdge}`, list, { auth: true });
  r.post(`/:version/:user/${p.publishEdge}`, publish, { auth: true });
  r.get(
    `/:version/:user/${p.platform === 'instagram' ? 'content_publishing_limit' : 'threads_publishing_limit'}`,
    limits,
    {
      auth: true,
    },
  );
  r.get('/:version/:id', read, { auth: true });
}
