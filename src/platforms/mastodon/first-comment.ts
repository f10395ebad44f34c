/**
 * A first comment on Mastodon is a reply by the account to its own status (to the
 * last status of a thread), created with an Idempotency-Key fixed by the post's id
 * so a repeated call can not make a second reply; `find` looks for the account's
 * reply with the same text among its latest statuses. The instance's own character
 * limit applies, checked at create against the account's kept limits (check.ts):
 * `measure` knows no account, so it counts against what any instance may allow.
 */
import type { PlatformFirstComment } from '../first-comment.ts';
import { accountIdOf, instanceOf } from './account.ts';
import { idOf, instanceCall, objectAnswer } from './api.ts';
import { countMastodon, MASTODON_DEFAULT_LIMITS, MASTODON_MOST_CHARACTERS } from './limits.ts';
import type { MastodonCheckpoint } from './publish.ts';
import { latestStatuses } from './reconcile.ts';
import { sameText } from './text.ts';

const lastStatus = (cp: MastodonCheckpoint, root: string): string => {
  const ids = Object.entries(cp.statuses ?? {}).sort(([a], [b]) => Number(a) - Number(b));
  return ids.length ? ids[ids.length - 1]![1] : root;
};

const targetOf = (ctx: Parameters<PlatformFirstComment['post']>[0]) => ({
  instance: instanceOf(ctx.account, ctx.env.url('api', '')),
  token: ctx.account.accessToken,
  outside: ctx.env.outside,
  signal: ctx.signal,
});

export const mastodonFirstComment: PlatformFirstComment = {
  measure: (text) => ({
    length: countMastodon(text, MASTODON_DEFAULT_LIMITS),
    limit: MASTODON_MOST_CHARACTERS,
    unit: "characters (the account's instance allows fewer: checked for its account)",
  }),
  async post(ctx) {
    const parent = lastStatus(ctx.checkpoint as MastodonCheckpoint, ctx.platformPostId);
    const res = await instanceCall(targetOf(ctx), '/api/v1/statuses', {
      method: 'POST',
      json: { status: ctx.text, in_reply_to_id: parent },
      headers: { 'idempotency-key': `first-comment-${parent}` },
      createCall: true,
      what: 'Mastodon: reply with the first comment',
    });
    return idOf(objectAnswer(res.json, 'Mastodon: the reply', true).id, 'Mastodon: the reply', true);
  },
  async find(ctx) {
    const parent = lastStatus(ctx.checkpoint as MastodonCheckpoint, ctx.platformPostId);
    const listed = await latestStatuses(targetOf(ctx), accountIdOf(ctx.account));
    const found = listed.find((s) => s.in_reply_to_id === parent && sameText(s.content, ctx.text));
    return found ? { state: 'found', commentId: idOf(found.id, 'Mastodon: the reply') } : { state: 'absent' };
  },
};
