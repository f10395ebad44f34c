/**
 * Reddit posts and comments on the simulator: `GET /api/v1/me`,
 * `POST /api/submit` (kinds self, link, image, video; Reddit's checks of the
 * subreddit, title and body, flair with `validate_on_submit`, `resubmit=false`
 * on links; refusals as HTTP 200 with `json.errors` [[CODE, message, field]]),
 * `GET /user/{name}/submitted` and `/user/{name}/comments` (Listings, newest
 * first), `POST /api/comment`, `POST /api/del` (`{}`, also for a post already
 * deleted), `GET /api/info?id=t3_…` (score, num_comments, upvote_ratio).
 * A text or link submit answers the post's id; an image or video submit answers
 * a websocket URL only, as Reddit does, and the post is in the listing at once.
 * Posts are simulator posts of kind `link` (the body in `data.text`), comments of
 * kind `comment`. Knob (collection 'settings'): `submitsPerWindow` (default 50 in ten
 * minutes per account) answers `RATELIMIT` beyond it.
 */
import type { SimPost } from '../../index.ts';
import { authOf, json, lowerId, type SimRouter, type Simulator } from '../../index.ts';
import { postMetrics } from '../_shared/metrics.ts';
import { uploadedAsset } from './media.ts';
import { redditError } from './platform.ts';
import { subredditOf } from './subreddits.ts';

type Rec = Record<string, unknown>;

const TEN_MINUTES_MS = 600_000;

const errors = (...list: [string, string, string | null][]) => json(200, { json: { errors: list } });

const sec = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * A post as a t3 thing's data (the fields the adapter reads and a few more); its score
 * is the simulator's likes for it (_shared/metrics.ts), its comments those and the real ones.
 */
export function linkData(sim: Simulator, p: SimPost): Rec {
  const d = p.data;
  const id = p.id;
  const m = postMetrics(sim, p);
  return {
    id,
    name: `t3_${id}`,
    title: d.title,
    subreddit: d.subreddit,
    subreddit_name_prefixed: `r/${d.subreddit}`,
    author: d.author,
    created_utc: sec(p.createdAt),
    permalink: `/r/${d.subreddit}/comments/${id}/`,
    url: d.kind === 'link' ? d.url : `https://www.reddit.com/r/${d.subreddit}/comments/${id}/`,
    is_self: d.kind === 'self',
    selftext: d.text ?? '',
    score: m.likes,
    ups: m.likes,
    upvote_ratio: 1,
    num_comments: m.comments + Number(d.num_comments ?? 0),
    over_18: d.nsfw === true,
    spoiler: d.spoiler === true,
    link_flair_text: d.flair_text ?? null,
    link_flair_template_id: d.flair_id ?? null,
    removed_by_category: null,
  };
}

function commentData(c: SimPost): Rec {
  return {
    id: c.id,
    name: `t1_${c.id}`,
    body: c.data.body,
    author: c.data.author,
    link_id: c.data.link_id,
    parent_id: c.data.link_id,
    subreddit: c.data.subreddit,
    created_utc: sec(c.createdAt),
    score: 1,
    permalink: `/r/${c.data.subreddit}/comments/${String(c.data.link_id).slice(3)}/_/${c.id}/`,
  };
}

const listing = (kind: 't1' | 't3', items: Rec[]) =>
  json(200, {
    kind: 'Listing',
    data: {
      after: null,
      before: null,
      dist: items.length,
      modhash: null,
      children: items.map((data) => ({ kind, data })),
    },
  });

export const register = (r: SimRouter, sim: Simulator): void => {
  const settings = sim.state.collection<unknown>('reddit', 'settings');
  const windows = sim.state.collection<{ start: number; count: number }>('reddit', 'submits');

  r.get(
    '/api/v1/me',
    (req) => {
      const a = authOf(req).account;
      const karma = sim.state.listPosts('reddit', { account: a.id, kind: 'link' }).length;
      return json(200, {
        id: a.id,
        name: a.username,
        icon_img: a.avatarUrl,
        created_utc: 1_600_000_000,
        link_karma: karma,
        comment_karma: 0,
        total_karma: karma,
        has_verified_email: true,
        subreddit: { display_name: `u_${a.username}`, title: a.name, subscribers: a.followersCount ?? 0 },
      });
    },
    { auth: true },
  );

  r.post(
    '/api/submit',
    (req) => {
      const a = authOf(req).account;
      const b = (req.body ?? {}) as Record<string, string>;
      if (b.api_type !== 'json') return redditError(400, 'Bad Request');
      const sub = subredditOf(sim, b.sr);
      if (!sub) return errors(['SUBREDDIT_NOEXIST', "that subreddit doesn't exist", 'sr']);
      if (sub.type === 'private')
        return errors(['SUBREDDIT_NOTALLOWED', "you aren't allowed to post there.", 'sr']);
      // A window of ten minutes on the simulator's clock, per account.
      const now = sim.clock.now();
      const w = windows.get(a.id);
      const current = w && now - w.start < TEN_MINUTES_MS ? w : { start: now, count: 0 };
      current.count++;
      windows.set(a.id, current);
      if (current.count > Number(settings.get('submitsPerWindow') ?? 50))
        return errors([
          'RATELIMIT',
          "Looks like you've been doing that a lot. Take a break for 5 minutes before trying again.",
          'ratelimit',
        ]);
      const kind = b.kind;
      if (kind !== 'self' && kind !== 'link' && kind !== 'image' && kind !== 'video')
        return errors(['INVALID_OPTION', 'that option is not valid', 'kind']);
      const title = b.title ?? '';
      if (!title.trim()) return errors(['NO_TEXT', 'we need something here', 'title']);
      if ([...title].length > 300) return errors(['TOO_LONG', 'this is too long (max: 300)', 'title']);
      const text = b.text ?? '';
      if ([...text].length > 40_000) return errors(['TOO_LONG', 'this is too long (max: 40000)', 'text']);
      if (sub.submissionType === 'link' && kind === 'self')
        return errors(['NO_SELFS', "this subreddit doesn't allow text posts", 'sr']);
      if (sub.submissionType === 'self' && kind !== 'self')
        return errors(['NO_LINKS', 'that subreddit only allows text posts', 'sr']);
      if (kind === 'image' && !sub.allowImages)
        return errors(['NO_IMAGES', "this community doesn't allow images", 'sr']);
      if (kind === 'video' && !sub.allowVideos)
        return errors(['NO_VIDEOS', "this community doesn't allow videos", 'sr']);
      if (b.validate_on_submit === 'true') {
        if (sub.flairRequired && !b.flair_id && !b.flair_text)
          return errors(['SUBMIT_VALIDATION_FLAIR_REQUIRED', 'Your post must contain post flair.', 'flair']);
        if (sub.flairRequired && b.flair_id && !sub.flairs.some((f) => f.id === b.flair_id))
          return errors(['BAD_FLAIR_TEMPLATE_ID', 'That flair template is not valid', 'flair']);
        const len = [...title].length;
        if (sub.titleMin && len < sub.titleMin)
          return errors([
            'SUBMIT_VALIDATION_TITLE_MIN_LENGTH',
            `Your post title must be at least ${sub.titleMin} characters`,
            'title',
          ]);
        if (sub.titleMax && len > sub.titleMax)
          return errors([
            'SUBMIT_VALIDATION_TITLE_MAX_LENGTH',
            `Your post title must be at most ${sub.titleMax} characters`,
            'title',
          ]);
        if (kind === 'self' && sub.bodyPolicy === 'required' && !text.trim())
          return errors(['SUBMIT_VALIDATION_BODY_REQUIRED', 'Your post must contain body text.', 'text']);
        if (kind === 'self' && sub.bodyPolicy === 'notAllowed' && text.trim())
          return errors([
            'SUBMIT_VALIDATION_BODY_NOT_ALLOWED',
            'Your post must not contain body text.',
            'text',
          ]);
      }
      if (kind === 'link') {
        if (!/^https?:\/\/\S+$/.test(b.url ?? ''))
          return errors(['BAD_URL', 'you should check that url', 'url']);
        const again = sim.state
          .listPosts('reddit', { kind: 'link' })
          .find(
            (p) =>
              p.data.kind === 'link' &&
              p.data.url === b.url &&
              String(p.data.subreddit).toLowerCase() === sub.name.toLowerCase(),
          );
        if (again && b.resubmit === 'false')
          return errors(['ALREADY_SUB', 'that link has already been submitted', 'url']);
      }
      if (kind === 'image' || kind === 'video') {
        if (!uploadedAsset(sim, b.url, a.id)) return errors(['BAD_URL', 'you should check that url', 'url']);
        if (kind === 'video' && !uploadedAsset(sim, b.video_poster_url, a.id))
          return errors(['NO_POSTER', 'a video post needs a poster image', 'video_poster_url']);
      }
      const id = lowerId(7);
      const post = sim.state.createPost(
        'reddit',
        a.id,
        {
          kind,
          subreddit: sub.name,
          title,
          ...(kind !== 'link' ? { text } : {}),
          ...(kind !== 'self' ? { url: b.url } : {}),
          author: a.username,
          flair_id: b.flair_id,
          flair_text: b.flair_text ?? sub.flairs.find((f) => f.id === b.flair_id)?.text,
          nsfw: b.nsfw === 'true',
          spoiler: b.spoiler === 'true',
          num_comments: 0,
        },
        { id, kind: 'link' },
      );
      if (kind === 'image' || kind === 'video')
        return json(200, {
          json: {
            errors: [],
            data: {
              user_submitted_page: `https://www.reddit.com/user/${a.username}/submitted/`,
              websocket_url: `wss://ws-sim.redditmedia.invalid/rte_images/${post.id}`,
            },
          },
        });
      return json(200, {
        json: {
          errors: [],
          data: {
            url: `https://www.reddit.com/r/${sub.name}/comments/${id}/`,
            drafts_count: 0,
            id,
            name: `t3_${id}`,
          },
        },
      });
    },
    { auth: true },
  );

  const byUser = (name: string | undefined) =>
    sim.state.accountsOf('reddit').find((u) => u.username.toLowerCase() === (name ?? '').toLowerCase());

  r.get(
    '/user/:name/submitted',
    (req) => {
      const u = byUser(req.params.name);
      if (!u) return redditError(404, 'Not Found');
      const limit = Math.min(100, Number(req.query.limit ?? 25) || 25);
      const posts = sim.state.listPosts('reddit', { account: u.id, kind: 'link' }).reverse().slice(0, limit);
      return listing(
        't3',
        posts.map((x) => linkData(sim, x)),
      );
    },
    { auth: true },
  );

  r.get(
    '/user/:name/comments',
    (req) => {
      const u = byUser(req.params.name);
      if (!u) return redditError(404, 'Not Found');
      const limit = Math.min(100, Number(req.query.limit ?? 25) || 25);
      const comments = sim.state
        .listPosts('reddit', { account: u.id, kind: 'comment' })
        .reverse()
        .slice(0, limit);
      return listing('t1', comments.map(commentData));
    },
    { auth: true },
  );

  r.post(
    '/api/comment',
    (req) => {
      const a = authOf(req).account;
      const b = (req.body ?? {}) as Record<string, string>;
      const parent = /^t3_(\w+)$/.exec(b.thing_id ?? '')?.[1];
      const post = parent ? sim.state.getPost('reddit', parent) : undefined;
      if (!post || post.deleted)
        return errors(['DELETED_LINK', 'the link you are commenting on has been deleted', 'parent']);
      if (!(b.text ?? '').trim()) return errors(['NO_TEXT', 'we need something here', 'text']);
      if ([...(b.text ?? '')].length > 10_000)
        return errors(['TOO_LONG', 'this is too long (max: 10000)', 'text']);
      const c = sim.state.createPost(
        'reddit',
        a.id,
        { body: b.text, author: a.username, link_id: `t3_${post.id}`, subreddit: post.data.subreddit },
        { id: lowerId(7), kind: 'comment' },
      );
      post.data.num_comments = Number(post.data.num_comments ?? 0) + 1;
      return json(200, { json: { errors: [], data: { things: [{ kind: 't1', data: commentData(c) }] } } });
    },
    { auth: true },
  );

  r.post(
    '/api/del',
    (req) => {
      const a = authOf(req).account;
      const id = /^t[13]_(\w+)$/.exec(String(((req.body ?? {}) as Rec).id ?? ''))?.[1];
      const p = id ? sim.state.getPost('reddit', id) : undefined;
      if (p && !p.deleted && p.accountId === a.id) sim.state.deletePost('reddit', p.id);
      return json(200, {});
    },
    { auth: true },
  );

  r.get(
    '/api/info',
    (req) => {
      const ids = (req.query.id ?? '').split(',').filter(Boolean).slice(0, 100);
      const found = ids
        .map((n) => /^t3_(\w+)$/.exec(n)?.[1])
        .map((id) => (id ? sim.state.getPost('reddit', id) : undefined))
        .filter((p): p is SimPost => !!p && !p.deleted && p.kind !== 'comment');
      return listing(
        't3',
        found.map((x) => linkData(sim, x)),
      );
    },
    { auth: true },
  );
};
