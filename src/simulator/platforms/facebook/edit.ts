/**
 * Editing a Page post on the simulator: `POST /{page_post_id}` with `message`, or
 * `POST /{video_id}` (a video or a Reel) with `description` (and `name`), answering `{"success":true}`.
 * The route `POST /{id}` is shared with comment hiding (comments.ts), which hands
 * ids that are not comments to `editPagePost`. Needs the token of the post's Page;
 * each edit is counted in the post's `edits` so tests can tell how many arrived.
 */
import { allParams, authOf, json, type SimRequest, type SimResponse, type Simulator } from '../../index.ts';
import { metaError } from '../_shared/meta.ts';
import { notFoundObject } from '../_shared/meta-comments.ts';

/** The answer to `POST /{id}` for a post or video, or undefined when the id is neither. */
export function editPagePost(sim: Simulator, req: SimRequest, id: string): SimResponse | undefined {
  const post = sim.state.getPost('facebook', id);
  if (!post) return undefined;
  if (post.deleted) return notFoundObject(id, 'post');
  if (post.accountId !== authOf(req).pageId)
    return metaError({
      message: "(#200) The user hasn't authorized the application to perform this action",
      type: 'OAuthException',
      code: 200,
    });
  const params = allParams(req);
  const video = post.kind === 'video' || post.kind === 'reel';
  const field = video ? 'description' : 'message';
  const text = params[field];
  if (text === undefined && !(video && params.name !== undefined))
    return metaError({ message: `(#100) Param ${field} must be set to edit this object`, code: 100 });
  if (text !== undefined) post.data[field] = text;
  if (video && params.name !== undefined) post.data.title = params.name;
  post.data.edits = Number(post.data.edits ?? 0) + 1;
  return json(200, { success: true });
}
