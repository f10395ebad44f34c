/**
 * Instagram comments on the simulator (section 2.4 of the platform facts):
 * `GET /{media}/comments` (top-level only, newest first, at most 50 a page,
 * replies through the `replies{...}` expansion), `POST /{media}/comments` and
 * `POST /{comment}/replies` (`message`; a reply to a reply attaches to its
 * top-level comment; hidden comments take no replies), `POST /{comment}` with
 * `hide=true|false`, `DELETE /{comment}`; `POST /{media}?comment_enabled=false`
 * turns a media's comments off (section 2.2), and a comment on it is then refused. Reading needs
 * `instagram_business_manage_comments` (or the Facebook-Login name
 * `instagram_manage_comments`), as does every change.
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

const SCOPES = ['instagram_business_manage_comments', 'instagram_manage_comments'];
const MAX_PAGE = 50;

function view(c: SimComment, fields: FieldSpec[], sim: Simulator): Record<string, unknown> {
  const replies = fields.find((f) => f.name === 'replies');
  const all: Record<string, unknown> = {
    id: c.id,
    text: c.text,
    timestamp: graphTimeOf(c.createdAt),
    username: c.author.name,
    from: { id: c.author.id, username: c.author.name },
    like_count: c.likeCount,
    hidden: c.hidden,
    parent_id: c.parentId ?? undefined,
    replies: replies
      ? {
          data: commentsUnder(sim, 'instagram', c.id, false)
            .slice(0, replies.limit ?? MAX_PAGE)
            .map((r) => view(r, replies.sub ?? [], sim)),
        }
      : undefined,
  };
  return selectFields(all, fields.length ? fields : [{ name: 'text' }, { name: 'timestamp' }]);
}

export const register = (r: SimRouter, sim: Simulator): void => {
  const store = commentStore(sim, 'instagram');
  /** `POST /{media}?comment_enabled=true|false` by the media's own account. */
  const setCommentsEnabled = (
    req: SimRequest,
    media: { id: string; accountId: string; data: Record<string, unknown> },
  ) => {
    if (media.accountId !== authOf(req).account.id) return notFoundObject(media.id, 'post');
    const enabled = allParams(req).comment_enabled;
    if (enabled !== 'true' && enabled !== 'false')
      return metaError({ message: '(#100) The parameter comment_enabled must be true or false', code: 100 });
    media.data.commentEnabled = enabled === 'true';
    return ok();
  };
  /** The live object `id` of the token's account, or the refusal. */
  const mine = (req: SimRequest, id: string): SimResponse | undefined =>
    ownerOf(sim, 'instagram', id) === authOf(req).account.id ? undefined : notFoundObject(id);

  r.get(
    '/:version/:id/comments',
    (req) => {
      const id = req.params.id ?? '';
      const refused = needPermission(req, ...SCOPES) ?? mine(req, id);
      if (refused) return refused;
      if (store.has(id))
        return metaError({ message: '(#100) Comments have no comments edge; use replies', code: 100 });
      const p = allParams(req);
      const items = commentsUnder(sim, 'instagram', id, true).reverse();
      const page = graphPage(sim, req, 'instagram', items, limitParam(p.limit, MAX_PAGE), p.after);
      if ('error' in page) return page.error;
      const fields = parseFields(p.fields);
      return json(200, { data: page.page.map((c) => view(c, fields, sim)), paging: page.paging });
    },
    { auth: true },
  );

  r.get(
    '/:version/:id/replies',
    (req) => {
      const id = req.params.id ?? '';
      const refused = needPermission(req, ...SCOPES) ?? mine(req, id);
      if (refused) return refused;
      const p = allParams(req);
      const page = graphPage(
        sim,
        req,
        'instagram',
        commentsUnder(sim, 'instagram', id, false),
        limitParam(p.limit, MAX_PAGE),
        p.after,
      );
      if ('error' in page) return page.error;
      const fields = parseFields(p.fields);
      return json(200, { data: page.page.map((c) => view(c, fields, sim)), paging: page.paging });
    },
    { auth: true },
  );

  const create = (reply: boolean) => (req: SimRequest) => {
    const id = req.params.id ?? '';
    const refused = needPermission(req, ...SCOPES) ?? mine(req, id);
    if (refused) return refused;
    const message = allParams(req).message ?? '';
    if (!message.trim()) return metaError({ message: '(#100) The parameter message is required', code: 100 });
    if ([...message].length > 2200)
      return metaError({ message: '(#100) The comment is too long (2200 characters at most)', code: 100 });
    const target = store.get(id);
    if (reply !== !!target) return notFoundObject(id, 'post');
    if (!reply && sim.state.getPost('instagram', id)?.data.commentEnabled === false)
      return metaError({ message: '(#100) Comments are disabled for this media', code: 100 });
    // Replies attach to the top-level comment, and a hidden one takes none.
    const top = target?.parentId ? store.get(target.parentId) : target;
    if (top?.hidden)
      return metaError({
        message: '(#100) You can not reply to a hidden comment',
        code: 100,
        error_subcode: 2534015,
      });
    const me = authOf(req).account;
    const made = addComment(sim, 'instagram', {
      ...(top ? { parentId: top.id } : { postId: id }),
      text: message,
      author: { id: me.id, name: me.username },
    });
    return json(200, { id: made.id });
  };
  r.post('/:version/:id/comments', create(false), { auth: true });
  r.post('/:version/:id/replies', create(true), { auth: true });

  r.post(
    '/:version/:id',
    (req) => {
      const id = req.params.id ?? '';
      const c = store.get(id);
      const media = c ? undefined : sim.state.getPost('instagram', id);
      if (media && !media.deleted) return setCommentsEnabled(req, media);
      const refused =
        needPermission(req, ...SCOPES) ?? (c && !c.deleted ? mine(req, id) : notFoundObject(id, 'post'));
      if (refused || !c) return refused ?? notFoundObject(id, 'post');
      const hide = allParams(req).hide;
      if (hide !== 'true' && hide !== 'false')
        return metaError({ message: '(#100) The parameter hide must be true or false', code: 100 });
      if (c.author.id === authOf(req).account.id)
        return metaError({ message: '(#100) You can not hide your own comment', code: 100 });
      c.hidden = hide === 'true';
      return ok();
    },
    { auth: true },
  );

  r.delete(
    '/:version/:id',
    (req) => {
      const id = req.params.id ?? '';
      const c = store.get(id);
      const refused =
        needPermission(req, ...SCOPES) ?? (c && !c.deleted ? mine(req, id) : notFoundObject(id, 'delete'));
      if (refused || !c) return refused ?? notFoundObject(id, 'delete');
      c.deleted = true;
      for (const reply of store.values()) if (reply.parentId === id) reply.deleted = true;
      return ok();
    },
    { auth: true },
  );
};
