// After "Add to queue" (from Compose or a draft): the slot the post took, said on the
// Queue page it leads to, where the post shows at that slot among the others:
// "Queued for Sat 5 Dec, 10:00 (Europe/Paris)", in the queue's own zone (the post
// takes it), with the person's own time beside it when their zone differs.
import { api, ok } from '../../api/client.ts';
import { navigate } from '../../router.ts';
import { browserZone } from '../../ui.tsx';
import { handOverNotice } from '../posts/SentNotice.tsx';

const short = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));

export function queuedWords(scheduledFor: string, timezone: string): string {
  const own = timezone === browserZone ? '' : `; ${short(scheduledFor, browserZone)} your time`;
  return `Queued for ${short(scheduledFor, timezone)} (${timezone}${own}).`;
}

/** Says the slot taken and opens the queue of the post's accounts. */
export async function showQueued(postId: string, scheduledFor: string): Promise<void> {
  const [post, accounts] = await Promise.all([
    ok(api.GET('/v1/posts/{postId}', { params: { path: { postId } } })).then((d) => d.post),
    ok(api.GET('/v1/connect/integrations', { params: { query: { limit: 100, offset: 0, sort: 'asc' } } })),
  ]);
  const first = post.platforms[0]?.integrationId;
  const profileId = accounts.integrations.find((i) => i.id === first)?.profileId ?? null;
  handOverNotice(queuedWords(scheduledFor, post.timezone));
  navigate(profileId ? `/queue?profileId=${encodeURIComponent(profileId)}` : '/queue');
}
