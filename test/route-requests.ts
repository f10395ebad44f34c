/**
 * Requests the generated route tests send (test/route-auth-isolation.test.ts,
 * test/route-roles-scope.test.ts), and the check they share: an id the caller must not
 * reach (another project's, or one of a profile outside a limited caller's reach) is
 * answered exactly like an id that never existed.
 */
import assert from 'node:assert/strict';
import type { AnyRoute } from '../src/http/route.ts';
import type { TestService } from './harness.ts';
import { unknownId } from './route-fixtures.ts';
import {
  type IdKind,
  type IdMaker,
  type IdSlot,
  requestUrl,
  routeName,
  type SampleRequest,
  sampleRequest,
  without,
  withValue,
} from './route-table.ts';

export interface Answer {
  status: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field.
  body: any;
}

export async function send(
  t: TestService,
  route: AnyRoute,
  req: SampleRequest,
  key: string | undefined,
): Promise<Answer> {
  const res = await t.service.server!.inject({
    method: route.method,
    url: requestUrl(route, req.params, req.query),
    headers: {
      ...(key !== undefined ? { 'x-access-key': key } : {}),
      ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(req.body !== undefined ? { payload: JSON.stringify(req.body) } : {}),
  });
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, text: res.body, body };
}

/** The request with one id slot set to `id` (a list slot to a list of it). */
export function withId(req: SampleRequest, slot: IdSlot, id: string): SampleRequest {
  const value = slot.list ? [id] : id;
  if (slot.part === 'body') return { ...req, body: withValue(req.body, slot.path, value) };
  return { ...req, [slot.part]: withValue(req[slot.part], slot.path, value) } as SampleRequest;
}

/** The request with only `slot` among its optional ids (some exclude each other: usage by profile or integration). */
export function focusedOn(req: SampleRequest, slot: IdSlot): SampleRequest {
  let out = req;
  for (const other of req.slots) {
    if (other === slot || !other.optional) continue;
    if (other.part === 'body') out = { ...out, body: without(out.body, other.path) };
    else out = { ...out, [other.part]: without(out[other.part], other.path) } as SampleRequest;
  }
  return out;
}

/** The answer with the id it was asked about blanked out, so two answers about different ids compare. */
export const masked = (a: Answer, id: string) => ({
  status: a.status,
  text: a.text.split(id).join('<id>').split(encodeURIComponent(id)).join('<id>'),
});

export interface HiddenIdsCheck {
  t: TestService;
  route: AnyRoute;
  /** The caller's key. */
  key: string;
  /** Makes the caller's own records (afresh per route: the route may delete or change them). */
  mine: IdMaker & { fresh?(): void };
  /** Makes the records the caller must not reach. */
  theirs: IdMaker;
  /** Kinds the caller reaches whoever made them (none between projects). */
  shared?: ReadonlySet<IdKind>;
}

/**
 * For each id field of the route: a request with an id that never existed and the same
 * with an id the caller must not reach answer identically once the id is blanked out
 * (404 or 400; a read taking the id as a filter may answer an empty list; a validate-only
 * call its verdict), and with the caller's own id the request gets past the id. Answers
 * how many id fields were checked.
 */
export async function assertHiddenIdsLikeMissing(c: HiddenIdsCheck): Promise<number> {
  const { t, route, key } = c;
  let full = await sampleRequest(route, c.mine);
  let checked = 0;
  for (let i = 0; i < full.slots.length; i++) {
    // A change that got past an earlier id (deleting a post's note) used our records up: new ones.
    if (i > 0 && route.method !== 'GET' && c.mine.fresh) {
      c.mine.fresh();
      full = await sampleRequest(route, c.mine);
    }
    const slot = full.slots[i] as (typeof full.slots)[number];
    if (c.shared?.has(slot.kind)) continue;
    const where = `${routeName(route)} with ${slot.part} ${slot.path.join('.')} (${slot.field})`;
    const missing = unknownId(slot.kind);
    const hidden = await c.theirs(slot.kind, slot.platform);
    // The other optional ids are left out first, so the answer is about this one; a route
    // that needs one of them to get as far as this id (exactly one of postId or commentId)
    // is asked again with them all.
    for (const req of [focusedOn(full, slot), full]) {
      const a = await send(t, route, withId(req, slot, missing), key);
      const b = await send(t, route, withId(req, slot, hidden), key);
      // A read may take the id as a filter and answer an empty list; a validate-only call
      // answers its verdict (valid: false, naming the id); anything else refuses the id.
      const filter = route.method === 'GET' && a.status === 200;
      const verdict = a.status === 200 && a.body?.valid === false;
      assert.ok(
        a.status === 404 || a.status === 400 || filter || verdict,
        `${where}: an id that never existed answered ${a.status} (expected 404 or 400): ${a.text}`,
      );
      assert.deepEqual(
        masked(b, hidden),
        masked(a, missing),
        `${where}: an id the caller must not reach is answered differently from an id that never existed`,
      );
      if (filter) break;
      // With the caller's own id the route gets past it: the id above was really read.
      const mineAnswer = await send(t, route, req, key);
      assert.ok(
        mineAnswer.status < 500,
        `${where} with our own id answered ${mineAnswer.status}: ${mineAnswer.text}`,
      );
      if (mineAnswer.text !== a.text) break;
      assert.ok(
        req !== full,
        `${where}: our own id is answered like a missing one (${mineAnswer.text}); the generated request does not reach the id check`,
      );
    }
    checked++;
  }
  return checked;
}
