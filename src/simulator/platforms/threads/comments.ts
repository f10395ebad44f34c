/**
 * Threads replies on the simulator (section 3.3 of the platform facts):
 * `GET /{media|reply}/replies` (`fields=id,text,username,timestamp,has_replies,
 * hide_status,...`, `reverse=true` by default: newest first, cursor paging) and
 * `POST /{reply}/manage_reply` with `hide=true|false` (top-level replies only, and
 * not the account's own). The account's own replies are posts made through the
 * container flow with `reply_to_id` (publish.ts asks `replyRefusal` whether the
 * target may be replied to: it must exist and be under one of the account's
 * posts). There is no way to delete someone else's reply. Reading needs
 * `threads_read_replies` (or `threads_manage_replies`), hiding `threads_manage_replies`.
 */
import { allParams, authOf, json, type SimRouter, type Simulator } from '../../index.ts';
import type { MetaError } from '../_shared/meta.ts';
import { metaError } from '../_shared/meta.ts';
import {
  commentStore,
  graphPage,
  graphTimeOf,
  limitParam,
  needPermission,
  notFoundObject,
  ok,
  ownerOf,
  parseFields,
  type SimComment,
  selectFields,
} from '../_shared/meta-comments.ts';
import type { SimContainer } from '../_shared/meta-container.ts';

/** The container's `reply_to_id` refused when it names nothing this account may reply to. */
export function replyRefusal(
  sim: Simulator,
  params: Record<string, string>,
  account: string,
): { error: MetaError } | undefined {
  const id = params.reply_to_id;
  if (id === undefined) return undefined;
  if (ownerOf(sim, 'threads', id) === account) return undefined;
  return {
    error: {
      message: `Param reply_to_id ${id} is not a post or reply you can reply to.`,
      type: 'THApiException',
      code: 100,
      error_subcode: 33,
      is_transient: false,
    },
  };
}

/** Replies directly under `id`: other people's (the store) and the account's own reply posts. */
function repliesUnder(sim: Simulator, id: string): SimComment[] {
  const containers = sim.state.collection<SimContainer>('threads', 'containers');
  const others = [...commentStore(sim, 'threads').values()].filter(
    (c) => !c.deleted && (c.parentId === id || (!c.parentId && c.postId === id)),
  );
  const own = sim.state
    .listPosts('threads', {
      where: (p) => containers.get(String(p.data.containerId))?.params.reply_to_id === id,
    })
    .map(
      (p): SimComment => ({
        id: p.id,
        owner: p.accountId,
        postId: id,
        parentId: null,
        text: String(p.data.text ?? ''),
        author: { id: p.accountId, name: sim.state.account('threads', p.accountId)?.username ?? p.accountId },
        createdAt: Date.parse(p.createdAt),
        likeCount: 0,
        hidden: false,
        deleted: false,
      }),
    );
  return [...others, ...own].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

export const register = (r: SimRouter, sim: Simulator): void => {
  const store = commentStore(sim, 'threads');

  r.get(
    '/:version/:id/replies',
    (req) => {
      const id = req.params.id ?? '';
      const refused =
        needPermission(req, 'threads_read_replies', 'threads_manage_replies') ??
        (ownerOf(sim, 'threads', id) === authOf(req).account.id ? undefined : notFoundObject(id));
      if (refused) return refused;
      const p = allParams(req);
      const items = repliesUnder(sim, id);
      if (p.reverse !== 'false') items.reverse();
      const page = graphPage(sim, req, 'threads', items, limitParam(p.limit, 100), p.after);
      if ('error' in page) return page.error;
      const fields = parseFields(p.fields);
      const data = page.page.map((c) =>
        selectFields(
          {
            id: c.id,
            text: c.text,
            username: c.author.name,
            timestamp: graphTimeOf(c.createdAt),
            media_type: 'TEXT_POST',
            has_replies: repliesUnder(sim, c.id).length > 0,
            is_reply: true,
            is_reply_owned_by_me: c.author.id === authOf(req).account.id,
            replied_to: { id },
            hide_status: c.hidden ? 'HIDDEN' : 'NOT_HUSHED',
          },
          fields.length ? fields : [{ name: 'text' }],
        ),
      );
      return json(200, { data, paging: page.paging });
    },
    { auth: true },
  );

  r.post(
    '/:version/:id/manage_reply',
    (req) => {
      const id = req.params.id ?? '';
      const refused = needPermission(req, 'threads_manage_replies');
      if (refused) return refused;
      const c = store.get(id);
      const me = authOf(req).account.id;
      if (!c || c.deleted) {
        const own = sim.state.getPost('threads', id);
        return own && !own.deleted && own.accountId === me
          ? metaError({ message: 'You can not hide your own reply.', type: 'THApiException', code: 100 })
          : notFoundObject(id, 'post');
      }
      if (c.owner !== me) return notFoundObject(id, 'post');
      if (c.parentId)
        return metaError({
          message: 'Only top-level replies can be hidden; hiding one also hides its replies.',
          type: 'THApiException',
          code: 100,
        });
      const hide = allParams(req).hide;
      if (hide !== 'true' && hide !== 'false')
        return metaError({ message: 'Param hide must be true or false.', type: 'THApiException', code: 100 });
      c.hidden = hide === 'true';
      return ok();
    },
    { auth: true },
  );
};
