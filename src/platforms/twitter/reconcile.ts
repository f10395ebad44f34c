/**
 * After a create call with no known outcome: look for the unit that was in
 * flight among the account's recent tweets (`GET /2/users/:id/tweets` from a
 * little before the call), matching the text as X stores it (links become t.co
 * URLs, `&` `<` `>` come back as entities). A found thread item is checkpointed;
 * the post is `published` only when its last unit exists.
 */
import type { PublishContext, ReconcileResult } from '../contract.ts';
import { PlatformError } from '../contract.ts';
import { pick, platformCall, str } from '../shared/http.ts';
import { authHeader, tweetUrl } from './account.ts';
import { readXError } from './errors.ts';
import { POST_FIELDS } from './fields.ts';
import { unitsOf, type XCheckpoint } from './publish.ts';

const LOOKBACK_MS = 2 * 60_000;

/**
 * Text with entities decoded and links left out, so a tweet matches what we
 * sent: X shortens every link to t.co and appends a t.co link for attached media
 * (a media-only tweet's text is just that link).
 */
export function comparableText(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export async function reconcileX(ctx: PublishContext): Promise<ReconcileResult> {
  const cp = ctx.checkpoint as XCheckpoint;
  const units = unitsOf(ctx);
  const tweets = { ...cp.tweets };
  const unit = cp.inFlight?.unit ?? units.findIndex((_, i) => !tweets[i]);
  const wanted = units[unit];
  if (unit < 0 || !wanted) return finished(ctx, tweets, units.length);
  const since = new Date(Date.parse(cp.inFlight?.at ?? ctx.now().toISOString()) - LOOKBACK_MS);
  const query = new URLSearchParams({
    max_results: '100',
    start_time: since.toISOString(),
    [POST_FIELDS]: 'created_at,text',
  });
  let res: Awaited<ReturnType<typeof platformCall>>;
  try {
    res = await platformCall({
      url: `${ctx.baseUrl}/2/users/${encodeURIComponent(ctx.account.platformUserId)}/tweets?${query}`,
      headers: authHeader(ctx.account),
      signal: ctx.signal,
      what: 'X: list recent posts',
      readError: (r) => readXError(r),
    });
  } catch (err) {
    if (err instanceof PlatformError && err.errorClass === 'permanent')
      return { state: 'unknown', reason: `X refused the lookup of recent posts: ${err.message}` };
    throw err;
  }
  const list = (pick(res.json, 'data') as unknown[] | undefined) ?? [];
  const target = comparableText(wanted.content);
  const match = list.find((t) => comparableText(str(t, 'text') ?? '') === target);
  const id = str(match, 'id');
  if (!id) return { state: 'absent' };
  tweets[unit] = id;
  await ctx.saveCheckpoint({ tweets });
  return finished(ctx, tweets, units.length);
}

async function finished(
  ctx: PublishContext,
  tweets: Record<string, string>,
  count: number,
): Promise<ReconcileResult> {
  const root = tweets[0];
  const complete = root && Array.from({ length: count }, (_, i) => tweets[i]).every(Boolean);
  return complete
    ? { state: 'published', platformPostId: root, platformPostUrl: tweetUrl(ctx.account, root) }
    : { state: 'absent' };
}
