/**
 * Photo Stories on the simulator (Meta's Page Stories API):
 * `POST /{page}/photo_stories` with the `photo_id` of an unpublished photo of the
 * Page (publish.ts' `/photos` with `published=false`) answers `{success, post_id}`;
 * a photo used once (in a post or a Story) is refused. `GET /{page}/stories` lists
 * the Page's Stories (photo and video) with `post_id`, `media_id`, `media_type`,
 * `status` and `url`, newest first, `since`/`until` in Unix seconds.
 */
import { allParams, authOf, json, numericId, type SimRouter, type Simulator } from '../../index.ts';
import { metaError } from '../_shared/meta.ts';

interface Photo {
  id: string;
  page: string;
  published: boolean;
  attached: boolean;
}

const notPageToken = () =>
  metaError({
    message: "(#200) The user hasn't authorized the application to perform this action",
    type: 'OAuthException',
    code: 200,
  });

export const register = (r: SimRouter, sim: Simulator): void => {
  const photos = sim.state.collection<Photo>('facebook', 'photos');

  r.post(
    '/:version/:page/photo_stories',
    (req) => {
      const page = authOf(req).pageId;
      if (!page || page !== req.params.page) return notPageToken();
      const id = allParams(req).photo_id ?? '';
      const photo = photos.get(id);
      if (!photo || photo.page !== page)
        return metaError({ message: `(#100) Invalid photo_id ${id}`, code: 100 });
      if (photo.published || photo.attached)
        return metaError({ message: '(#100) The photo has already been used in a post', code: 100 });
      photo.attached = true;
      const postId = `${page}_${numericId(16)}`;
      sim.state.createPost(
        'facebook',
        page,
        { photo: id, media: 'photo', published: true },
        { id: postId, kind: 'story' },
      );
      return json(200, { success: true, post_id: postId });
    },
    { auth: true },
  );

  r.get(
    '/:version/:page/stories',
    (req) => {
      const page = authOf(req).pageId;
      if (!page || page !== req.params.page) return notPageToken();
      const p = allParams(req);
      const since = Number(p.since ?? 0) * 1000;
      const until = p.until ? Number(p.until) * 1000 : Number.POSITIVE_INFINITY;
      const data = sim.state
        .listPosts('facebook', {
          account: page,
          where: (s) =>
            s.kind === 'story' && Date.parse(s.createdAt) >= since && Date.parse(s.createdAt) < until,
        })
        .reverse()
        .map((s) => ({
          post_id: s.id,
          media_id: String(s.data.photo ?? s.data.videoId ?? ''),
          media_type: s.data.media === 'video' ? 'video' : 'photo',
          status: s.deleted ? 'ARCHIVED' : 'PUBLISHED',
          creation_time: String(Math.floor(Date.parse(s.createdAt) / 1000)),
          url: `https://www.facebook.com/${s.id}`,
        }));
      return json(200, { data, paging: {} });
    },
    { auth: true },
  );
};
