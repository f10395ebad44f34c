/**
 * LinkedIn comments on the simulator (the Comments API of the social actions):
 * `POST /rest/socialActions/{urn}/comments` with `{actor, object, message: {text}}`
 * (the actor must be the token's member or one of its organizations, 403
 * otherwise; the post must exist, 404; `object` must be the post; text of 1 to
 * 1250 characters, 422), answered 201 with the comment and its id in
 * `x-restli-id`; `GET /rest/socialActions/{urn}/comments` lists them newest first
 * (`start`, `count` up to 100). The version header is required as on every /rest/ call.
 */
import { authOf, json, numericId, type SimRequest, type SimRouter, type Simulator } from '../../index.ts';
import { versionProblem } from './version.ts';

export interface SimLinkedInComment {
  id: string;
  urn: string;
  object: string;
  actor: string;
  text: string;
  createdAt: number;
}

const COMMENT_MAX = 1250;

const error = (status: number, message: string, extra: Record<string, unknown> = {}) =>
  json(status, { status, message, ...extra });

export const linkedinComments = (sim: Simulator) =>
  sim.state.collection<SimLinkedInComment>('linkedin', 'comments');

const view = (c: SimLinkedInComment) => ({
  id: c.id,
  $URN: c.urn,
  actor: c.actor,
  object: c.object,
  message: { text: c.text },
  created: { actor: c.actor, time: c.createdAt },
  lastModified: { actor: c.actor, time: c.createdAt },
});

export const register = (r: SimRouter, sim: Simulator): void => {
  const store = linkedinComments(sim);
  const authors = (req: SimRequest) => {
    const account = authOf(req).account;
    return new Set([
      `urn:li:person:${account.id}`,
      ...(account.organizations ?? []).map((o) => `urn:li:organization:${o.id}`),
    ]);
  };
  const livePost = (urn: string) => {
    const post = sim.state.getPost('linkedin', urn);
    return post && !post.deleted ? post : undefined;
  };

  r.post(
    '/rest/socialActions/:urn/comments',
    (req) => {
      const refused = versionProblem(req, new Date(sim.clock.now()));
      if (refused) return refused;
      const urn = req.params.urn ?? '';
      const body = (req.body ?? {}) as Record<string, unknown>;
      const actor = String(body.actor ?? '');
      if (!authors(req).has(actor))
        return error(403, `Not enough permissions to access: socialActions.comments.CREATE for ${actor}`, {
          code: 'ACCESS_DENIED',
        });
      if (!livePost(urn)) return error(404, `Not found: ${urn}`);
      if (body.object !== urn) return error(400, 'object must be the post the comment is on');
      const text = (body.message as { text?: unknown } | undefined)?.text;
      if (typeof text !== 'string' || text.trim() === '' || [...text].length > COMMENT_MAX)
        return error(422, `message.text must be 1 to ${COMMENT_MAX} characters`, {
          code: 'UNPROCESSABLE_ENTITY',
        });
      const id = numericId(19);
      const activity = urn.replace(/^urn:li:(share|ugcPost):/, 'urn:li:activity:');
      const comment: SimLinkedInComment = {
        id,
        urn: `urn:li:comment:(${activity},${id})`,
        object: urn,
        actor,
        text,
        createdAt: sim.clock.now(),
      };
      store.set(id, comment);
      return json(201, view(comment), { 'x-restli-id': comment.urn });
    },
    { auth: true },
  );

  r.get(
    '/rest/socialActions/:urn/comments',
    (req) => {
      const refused = versionProblem(req, new Date(sim.clock.now()));
      if (refused) return refused;
      const urn = req.params.urn ?? '';
      if (!livePost(urn)) return error(404, `Not found: ${urn}`);
      const start = Math.max(0, Number(req.query.start ?? 0) || 0);
      const count = Math.min(100, Math.max(1, Number(req.query.count ?? 10) || 10));
      const all = [...store.values()].filter((c) => c.object === urn).reverse();
      return json(200, {
        elements: all.slice(start, start + count).map(view),
        paging: { start, count, total: all.length },
      });
    },
    { auth: true },
  );
};
