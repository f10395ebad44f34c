/**
 * Google Business Profile local posts on the simulator (My Business v4):
 * `POST|GET /v4/accounts/{a}/locations/{l}/localPosts` and
 * `GET|PATCH|DELETE …/localPosts/{id}` (PATCH with `updateMask`). Paths need the owning account, as v4 does
 * (a location of another user's account is 403, an unknown one 404). Create checks
 * what Google checks: a topic type, a summary of at most 1500 characters, the call
 * to action (a URL for every type but CALL, none for CALL; GET_OFFER is gone), a
 * full event schedule for EVENT and OFFER, offer fields only on OFFER, the
 * callToAction of an OFFER ignored; it fetches each photo's `sourceUrl` as Google
 * does (code 1000 when that fails) and answers a VIDEO with the 500 Google gives.
 * A fetched photo is held to Google's photo rules (the platform module's
 * media-rules.ts: JPEG or PNG, at most 5 MB, at least 250×250): one that breaks
 * them is refused with the same code 1000, the only photo refusal Google's
 * ValidationError is known to give (it documents no separate code for a photo
 * out of its limits).
 * Locations that can not operate local posts (chains) are refused. Posts go
 * PROCESSING → LIVE (or REJECTED when the summary carries a phone number, Google's
 * most common policy refusal) after `processingSecs` of the simulator's clock;
 * `searchUrl` appears once LIVE. Lists are newest first, 20 a page by default,
 * at most 100, `{}` when empty. Every request counts against a per-minute project
 * quota (429 RESOURCE_EXHAUSTED past it).
 * Knobs (collection 'settings'): `processingSecs` (default 0), `rejectAll`,
 * `qpm` (default 300), `fetchMedia` (default true).
 */
import { googlebusinessMediaRules } from '../../../platforms/googlebusiness/media-rules.ts';
import type { SimRequest, SimResponse } from '../../core/http.ts';
import { authOf, json } from '../../core/http.ts';
import { numericId } from '../../core/ids.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import type { SimPost } from '../../core/types.ts';
import { imageBreachesOf } from '../_shared/media-rules.ts';
import {
  invalidArgument,
  locationDisabled,
  notFound,
  permissionDenied,
  photoFetchFailed,
  quotaExceeded,
  v4Error,
} from './errors.ts';

const PLATFORM = 'googlebusiness';
const ACTIONS = new Set(['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL']);
const TOPICS = new Set(['STANDARD', 'EVENT', 'OFFER', 'ALERT']);
/** A phone number in the text: Google's posts policy refuses it. */
const PHONE = /(\+\d{1,3}[\s.-]?)?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/;

type Body = Record<string, unknown>;
const obj = (v: unknown): Body | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : undefined;

interface Located {
  parent: string;
  locationId: string;
}

/** The location of the path, if the token's user manages it and it may post. */
function locate(req: SimRequest): Located | SimResponse {
  const { accountId, locationId } = req.params;
  const business = (authOf(req).account.businessAccounts ?? []).find(
    (b) => b.name === `accounts/${accountId}`,
  );
  if (!business) return permissionDenied();
  const location = business.locations.find((l) => l.name === `locations/${locationId}`);
  if (!location) return notFound();
  if (!location.canOperateLocalPost) return locationDisabled();
  return { parent: `accounts/${accountId}/locations/${locationId}`, locationId: String(locationId) };
}

const isDate = (d: unknown) => {
  const o = obj(d);
  return !!o && Number.isInteger(o.year) && Number.isInteger(o.month) && Number.isInteger(o.day);
};
const isTime = (t: unknown) => {
  const o = obj(t);
  return !!o && Number.isInteger(o.hours ?? 0) && Number.isInteger(o.minutes ?? 0);
};

/** Google's checks of a LocalPost body; undefined when it is acceptable. */
function refusal(body: Body): SimResponse | undefined {
  const topic = String(body.topicType ?? '');
  if (!TOPICS.has(topic)) return invalidArgument({ code: 2, field: 'topic_type', message: 'Required' });
  const summary = typeof body.summary === 'string' ? body.summary : '';
  if ([...summary].length > 1500)
    return invalidArgument({ code: 2, field: 'summary', message: 'Must be at most 1500 characters' });
  if (topic === 'ALERT' && !body.alertType)
    return invalidArgument({ code: 2, field: 'alert_type', message: 'Required for ALERT posts' });
  const cta = obj(body.callToAction);
  if (cta && topic !== 'OFFER') {
    const type = String(cta.actionType ?? '');
    if (!ACTIONS.has(type))
      return invalidArgument({ code: 2, field: 'call_to_action.action_type', message: 'Invalid value' });
    if (type === 'CALL' && cta.url !== undefined)
      return invalidArgument({ code: 2, field: 'call_to_action.url', message: 'Must be unset for CALL' });
    if (type !== 'CALL' && !(typeof cta.url === 'string' && /^https?:\/\//.test(cta.url)))
      return invalidArgument({ code: 2, field: 'call_to_action.url', message: 'Required' });
  }
  if (topic === 'EVENT' || topic === 'OFFER') {
    const event = obj(body.event);
    if (!event || typeof event.title !== 'string' || !event.title)
      return invalidArgument({ code: 2, field: 'event.title', message: 'Required' });
    const s = obj(event.schedule);
    if (!s || !isDate(s.startDate) || !isDate(s.endDate) || !isTime(s.startTime) || !isTime(s.endTime))
      return invalidArgument({ code: 2, field: 'event.schedule', message: 'Required' });
  }
  if (body.offer !== undefined && topic !== 'OFFER')
    return invalidArgument({ code: 2, field: 'offer', message: 'Only allowed for OFFER posts' });
  const offer = obj(body.offer);
  if (offer?.redeemOnlineUrl !== undefined && !/^https?:\/\//.test(String(offer.redeemOnlineUrl)))
    return invalidArgument({ code: 2, field: 'offer.redeem_online_url', message: 'Invalid url' });
  if (!summary && !(Array.isArray(body.media) && body.media.length))
    return invalidArgument({ code: 2, field: 'summary', message: 'Required' });
  return undefined;
}

/**
 * Fetches a photo as Google's fetcher would: it must answer 200 with an image
 * that meets Google's post photo rules (a JPEG or PNG within its size and frame).
 */
async function fetchable(url: unknown): Promise<boolean> {
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return false;
  const format = googlebusinessMediaRules.formats.photo;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) return false;
    const b = new Uint8Array(await res.arrayBuffer());
    const jpegOrPng = (b[0] === 0xff && b[1] === 0xd8) || (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e);
    return jpegOrPng && format !== undefined && (await imageBreachesOf(b, format)).length === 0;
  } catch {
    return false;
  }
}

export const register = (r: SimRouter, sim: Simulator): void => {
  const settings = sim.state.collection<unknown>(PLATFORM, 'settings');
  const minute = sim.state.collection<{ start: number; count: number }>(PLATFORM, 'quota');

  /** The per-minute project quota, counted on the simulator's clock. */
  const overQuota = (): SimResponse | undefined => {
    const limit = Number(settings.get('qpm') ?? 300);
    const now = sim.clock.now();
    const w = minute.get('project');
    if (!w || now - w.start >= 60_000) minute.set('project', { start: now, count: 1 });
    else w.count++;
    return (minute.get('project')?.count ?? 0) > limit ? quotaExceeded(limit) : undefined;
  };

  const stateOf = (p: SimPost): string => {
    const ready = Date.parse(p.createdAt) + Number(settings.get('processingSecs') ?? 0) * 1000;
    if (sim.clock.now() < ready) return 'PROCESSING';
    return p.data.rejected ? 'REJECTED' : 'LIVE';
  };

  /** The LocalPost as Google answers it. */
  const view = (p: SimPost): Body => {
    // What the simulator keeps beside the post (its review outcome, location, edit count) is not Google's.
    const { rejected: _r, locationId, edits: _e, ...fields } = p.data;
    const state = stateOf(p);
    const localId = p.id.split('/').pop();
    return {
      name: p.id,
      ...fields,
      createTime: p.createdAt,
      updateTime: p.createdAt,
      state,
      ...(Array.isArray(p.data.media)
        ? {
            media: (p.data.media as Body[]).map((m, i) => ({
              ...m,
              name: `${p.id.replace('/localPosts/', '/media/')}-${i}`,
              googleUrl: `https://lh3.googleusercontent.com/p/sim-${localId}-${i}`,
            })),
          }
        : {}),
      ...(state === 'LIVE'
        ? { searchUrl: `https://local.google.com/place?id=${locationId}&use=posts&lpsid=${localId}` }
        : {}),
    };
  };

  const base = '/v4/accounts/:accountId/locations/:locationId/localPosts';

  r.post(
    base,
    async (req) => {
      const limited = overQuota();
      if (limited) return limited;
      const at = locate(req);
      if (!('parent' in at)) return at;
      const body = obj(req.body);
      if (!body) return invalidArgument({ code: 2, message: 'Invalid JSON payload received.' });
      const refused = refusal(body);
      if (refused) return refused;
      const media = Array.isArray(body.media) ? (body.media as Body[]) : [];
      if (media.some((m) => m.mediaFormat === 'VIDEO'))
        return v4Error(500, 'INTERNAL', 'Internal error encountered.');
      if (settings.get('fetchMedia') !== false)
        for (const m of media) if (!(await fetchable(m.sourceUrl))) return photoFetchFailed();
      const { callToAction, offer, ...rest } = body;
      const data: Body = {
        ...rest,
        ...(callToAction && body.topicType !== 'OFFER' ? { callToAction } : {}),
        ...(offer ? { offer } : {}),
        locationId: at.locationId,
        rejected: settings.get('rejectAll') === true || PHONE.test(String(body.summary ?? '')),
      };
      const post = sim.state.createPost(PLATFORM, authOf(req).account.id, data, {
        id: `${at.parent}/localPosts/${numericId(19)}`,
        kind: 'localPost',
      });
      return json(200, view(post));
    },
    { auth: true },
  );

  r.get(
    base,
    (req) => {
      const limited = overQuota();
      if (limited) return limited;
      const at = locate(req);
      if (!('parent' in at)) return at;
      const prefix = `${at.parent}/localPosts/`;
      const all = sim.state
        .listPosts(PLATFORM, { kind: 'localPost', where: (p) => p.id.startsWith(prefix) })
        .reverse();
      const size = Math.min(Math.max(Number(req.query.pageSize ?? 20) || 20, 1), 100);
      const start = Number(req.query.pageToken ?? 0) || 0;
      const page = all.slice(start, start + size).map(view);
      return json(200, {
        ...(page.length ? { localPosts: page } : {}),
        ...(start + size < all.length ? { nextPageToken: String(start + size) } : {}),
      });
    },
    { auth: true },
  );

  const one = (req: SimRequest): SimPost | SimResponse => {
    const at = locate(req);
    if (!('parent' in at)) return at;
    const p = sim.state.getPost(PLATFORM, `${at.parent}/localPosts/${req.params.postId}`);
    return p && !p.deleted ? p : notFound();
  };

  r.get(
    `${base}/:postId`,
    (req) => {
      const limited = overQuota();
      if (limited) return limited;
      const p = one(req);
      return 'platform' in p ? json(200, view(p)) : p;
    },
    { auth: true },
  );

  // LocalPost update: the fields named in updateMask take the body's values (a field
  // the body leaves out is cleared); the result must pass create's checks. Edits are
  // counted in `edits`.
  const UPDATABLE = new Set(['summary', 'callToAction', 'event', 'offer', 'media']);
  r.patch(
    `${base}/:postId`,
    (req) => {
      const limited = overQuota();
      if (limited) return limited;
      const p = one(req);
      if (!('platform' in p)) return p;
      const body = obj(req.body);
      if (!body) return invalidArgument({ code: 2, message: 'Invalid JSON payload received.' });
      const mask = String(req.query.updateMask ?? '')
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean);
      if (mask.length === 0) return invalidArgument({ code: 2, field: 'update_mask', message: 'Required' });
      const fixed = mask.find((f) => !UPDATABLE.has(f));
      if (fixed)
        return invalidArgument({ code: 2, field: 'update_mask', message: `${fixed} can not be updated` });
      const next: Body = { ...p.data };
      for (const f of mask) {
        if (body[f] === undefined) delete next[f];
        else next[f] = body[f];
      }
      const refused = refusal(next);
      if (refused) return refused;
      p.data = { ...next, edits: Number(p.data.edits ?? 0) + 1 };
      return json(200, view(p));
    },
    { auth: true },
  );

  r.delete(
    `${base}/:postId`,
    (req) => {
      const limited = overQuota();
      if (limited) return limited;
      const p = one(req);
      if (!('platform' in p)) return p;
      sim.state.deletePost(PLATFORM, p.id);
      return json(200, {});
    },
    { auth: true },
  );
};
