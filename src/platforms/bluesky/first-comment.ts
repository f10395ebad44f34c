/**
 * Bluesky's first comment: a reply post of the account under its own post
 * (`reply: {root, parent}`, section 6.3 of the platform facts), the parent being
 * the post's last thread item, so a thread goes on with it. Its record key is
 * fixed by the post's: the root's timestamp with another clock id (a valid TID,
 * never one of the post's own keys), so exactly once holds as for posts: a
 * second createRecord with that key fails, and after a lost answer `getRecord`
 * says for certain whether the reply exists. 300 graphemes, like any post.
 */
import { PlatformError } from '../contract.ts';
import type { FirstCommentContext, PlatformFirstComment } from '../first-comment.ts';
import { str } from '../shared/http.ts';
import { graphemeLength } from '../shared/text.ts';
import { POST_COLLECTION, pdsUrl, rkeyOf } from './account.ts';
import type { BlueskyCheckpoint } from './publish.ts';
import { facetsOf } from './richtext.ts';
import { type XrpcTarget, xrpc } from './xrpc.ts';

const LIMIT = 300;
const ALPHABET = '234567abcdefghijklmnopqrstuvwxyz';
/** Flipped in the root's clock id (its low 10 bits) to make the reply's key. */
const REPLY_CLOCK_MASK = 0x2aan;

/** The reply's record key: the root record's TID with another clock id. */
export function replyKey(rootKey: string): string {
  let value = 0n;
  for (const ch of rootKey) {
    const digit = ALPHABET.indexOf(ch);
    if (digit < 0 || rootKey.length !== 13)
      throw new PlatformError('permanent', `Bluesky: the post's record key ${rootKey} is not a TID`);
    value = (value << 5n) | BigInt(digit);
  }
  value ^= REPLY_CLOCK_MASK;
  let out = '';
  for (let i = 0; i < 13; i++) {
    out = ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

const target = (ctx: FirstCommentContext): XrpcTarget => ({
  service: pdsUrl(ctx.account, ctx.env.url('api', '')),
  account: ctx.account,
  signal: ctx.signal,
});

/** `{uri, cid}` of a record: from the publish checkpoint, else read from the PDS. */
async function strongRef(ctx: FirstCommentContext, uri: string, cid: string | undefined) {
  if (cid) return { uri, cid };
  const res = await xrpc(target(ctx), 'com.atproto.repo.getRecord', {
    query: { repo: ctx.account.platformUserId, collection: POST_COLLECTION, rkey: rkeyOf(uri) },
    what: 'Bluesky: read the post',
  });
  return { uri, cid: str(res.json, 'cid', 'Bluesky record') };
}

export const blueskyFirstComment: PlatformFirstComment = {
  measure: (text) => ({
    length: graphemeLength(text),
    limit: LIMIT,
    unit: 'graphemes (user-perceived characters)',
  }),
  async post(ctx) {
    const units = (ctx.checkpoint as BlueskyCheckpoint).units ?? {};
    const root = units[0];
    const last = units[String(Object.keys(units).length - 1)];
    const rootRef = await strongRef(
      ctx,
      ctx.platformPostId,
      root?.uri === ctx.platformPostId ? root.cid : undefined,
    );
    const parentRef = last?.uri && last.cid ? { uri: last.uri, cid: last.cid } : rootRef;
    const facets = await facetsOf(target(ctx), ctx.text);
    const record: Record<string, unknown> = {
      $type: POST_COLLECTION,
      text: ctx.text,
      createdAt: ctx.env.now().toISOString(),
      reply: { root: rootRef, parent: parentRef },
      ...(facets.length ? { facets } : {}),
    };
    const res = await xrpc(target(ctx), 'com.atproto.repo.createRecord', {
      json: {
        repo: ctx.account.platformUserId,
        collection: POST_COLLECTION,
        rkey: replyKey(rkeyOf(ctx.platformPostId)),
        record,
      },
      timeoutMs: ctx.env.timeoutMs,
      createCall: true,
      what: 'Bluesky: first comment',
    });
    return str(res.json, 'uri', 'Bluesky reply');
  },
  async find(ctx) {
    const rkey = replyKey(rkeyOf(ctx.platformPostId));
    try {
      const res = await xrpc(target(ctx), 'com.atproto.repo.getRecord', {
        query: { repo: ctx.account.platformUserId, collection: POST_COLLECTION, rkey },
        what: 'Bluesky: look up the first comment',
      });
      return { state: 'found', commentId: str(res.json, 'uri', 'Bluesky record') };
    } catch (err) {
      if (err instanceof PlatformError && (err.platformCode === 'RecordNotFound' || err.status === 404))
        return { state: 'absent' };
      throw err;
    }
  },
};
