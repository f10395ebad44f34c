/**
 * Facebook Page comments on the simulator (section 1.3 of the platform facts):
 * `GET /{post|comment}/comments` (`filter=toplevel` by default, `order=
 * reverse_chronological|chronological`, `comments{...}` expansion for replies,
 * `from` only with `pages_read_user_content`), `POST /{post|comment}/comments`
 * (`message`), `POST /{comment}` with `is_hidden=true|false` (the Page's own
 * comments can not be hidden), and comment deletes (`deleteComment`, called by the
 * `DELETE /{id}` of publish.ts, which serves posts and comments alike). Calls need
 * the token of the Page the post belongs to; reading needs
 * `pages_read_engagement` or `pages_read_user_content`, changes
 * `pages_manage_engagement`.
 */
import {
  allParams,
  authOf,
  json,
  type SimRequest,
  type SimResponse,
  type SimRouter,
  type Simulator,
} from '../../index.ts';
import { metaError } from '../_shared/meta.ts';
import {
  addComment,
  commentStore,
  commentsUnder,
  type FieldSpec,
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
import { editPagePost } from './edit.ts';

const READ = ['pages_read_engagement', 'pages_read_user_content'];
const MANAGE = 'pages_manage_engagement';

/** The live object `id` under the token's Page, or the refusal. */
const mine = (sim: Simulator, req: SimRequest, id: string, verb = 'get'): SimResponse | undefined => {
  const owner = ownerOf(sim, 'facebook', id);
  return owner && owner === authOf(req).pageId ? undefined : notFoundObject(id, verb);
};

function view(sim: Simulator, req: SimRequest, c: SimComment, fields: FieldSpec[]): Record<string, unknown> {
  const replies = fields.find((f) => f.name === 'comments');
  const canSeeFrom = authOf(req).token.scopes.includes('pages_read_user_content') || c.author.id === c.owner;
  const all: Record<string, unknown> = {
    id: c.id,
    message: c.text,
    created_time: graphTimeOf(c.createdAt),
    from: canSeeFrom ? { id: c.author.id, name: c.author.name } : undefined,
    like_count: c.likeCount,
    comment_count: commentsUnder(sim, 'facebook', c.id, false).length,
    is_hidden: c.hidden,
    can_hide: c.author.id !== c.owner,
    can_remove: true,
    parent: c.parentId ? { id: c.parentId } : undefined,
    comments: replies
      ? {
          data: commentsUnder(sim, 'facebook', c.id, false)
            .slice(0, replies.limit ?? 25)
            .map((r) => view(sim, req, r, replies.sub ?? [])),
        }
      : undefined,
  };
  return selectFields(all, fields.length ? fields : [{ name: 'message' }, { name: 'created_time' }]);
}

/** `DELETE /{comment-id}`: undefined when `id` is no comment (the caller answers for posts). */
export function deleteComment(sim: Simulator, req: SimRequest, id: string): SimResponse | undefined {
  const c = commentStore(sim, 'facebook').get(id);
  if (!c || c.deleted) return undefined;
  const refused = needPermission(req, MANAGE) ?? mine(sim, req, id, 'delete');
  if (refused) return refused;
  c.deleted = true;
  for (const reply of commentStore(sim, 'facebook').values()) if (reply.parentId === id) reply.deleted = true;
  return ok();
}

export const register = (r: SimRouter, sim: Simulator): void => {
  const store = commentStore(sim, 'facebook');

  r.get(
    '/:version/:id/comments',
    (req) => {
      const id = req.params.id ?? '';
      const refused = needPermission(req, ...READ) ?? mine(sim, req, id);
      if (refused) return refused;
      const p = allParams(req);
      const stream = p.filter === 'stream';
      const items = stream
        ? [...store.values()]
            .filter((c) => !c.deleted && c.postId === id)
            .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))
        : commentsUnder(sim, 'facebook', id, !store.has(id));
      if (p.order === 'reverse_chronological') items.reverse();
      const page = graphPage(sim, req, 'facebook', items, limitParam(p.limit, 100), p.after);
      if ('error' in page) return page.error;
      const fields = parseFields(p.fields);
      return json(200, { data: page.page.map((c) => view(sim, req, c, fields)), paging: page.paging });
    },
    { auth: true },
  );

  r.post(
    '/:version/:id/comments',
    (req) => {
      const id = req.params.id ?? '';
      const refused = needPermission(req, MANAGE) ?? mine(sim, req, id, 'post');
      if (refused) return refused;
      const message = allParams(req).message ?? '';
      if (!message.trim()) return metaError({ message: '(#100) Missing message or attachment', code: 100 });
      const page = authOf(req).pageId ?? '';
      const name = authOf(req).account.pages?.find((p) => p.id === page)?.name ?? page;
      const parent = store.get(id);
      // Facebook threads one level deep: a reply to a reply joins its top-level comment.
      const top = parent?.parentId ? store.get(parent.parentId) : parent;
      const made = addComment(sim, 'facebook', {
        ...(top ? { parentId: top.id } : { postId: id }),
        text: message,
        author: { id: page, name },
      });
      return json(200, { id: made.id });
    },
    { auth: true },
  );

  r.post(
    '/:version/:id',
    (req) => {
      const id = req.params.id ?? '';
      const c = store.get(id);
      if (!c || c.deleted) return editPagePost(sim, req, id) ?? notFoundObject(id, 'post');
      const refused = needPermission(req, MANAGE) ?? mine(sim, req, id, 'post');
      if (refused) return refused;
      const hidden = allParams(req).is_hidden;
      if (hidden !== 'true' && hidden !== 'false')
        return metaError({ message: '(#100) Param is_hidden must be a boolean', code: 100 });
      if (c.author.id === c.owner)
        return metaError({ message: "(#100) The Page's own comments can not be hidden", code: 100 });
      c.hidden = hidden === 'true';
      return ok();
    },
    { auth: true },
  );
};
