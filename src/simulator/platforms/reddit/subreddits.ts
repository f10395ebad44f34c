/**
 * Subreddits on the simulator and the rules Reddit's API tells of them:
 * `GET /r/{sub}/about` (a t5 thing: submission_type, allow_images, allow_videos,
 * over18, subreddit_type, user_is_banned...; 404 for one that does not exist,
 * 403 `{reason: "private"}` for a private one) and
 * `GET /api/v1/{sub}/post_requirements` (flair required, title and body lengths,
 * body policy, required title strings). `rulesOf` is what submit enforces.
 */
import { authOf, json, type SimRouter, type Simulator } from '../../index.ts';
import { redditError } from './platform.ts';

export interface SimSubreddit {
  name: string;
  type: 'public' | 'private' | 'restricted';
  submissionType: 'any' | 'link' | 'self';
  allowImages: boolean;
  allowVideos: boolean;
  flairRequired: boolean;
  flairs: { id: string; text: string }[];
  titleMin: number | null;
  titleMax: number | null;
  bodyPolicy: 'none' | 'required' | 'notAllowed';
  subscribers: number;
}

const base: Omit<SimSubreddit, 'name'> = {
  type: 'public',
  submissionType: 'any',
  allowImages: true,
  allowVideos: true,
  flairRequired: false,
  flairs: [],
  titleMin: null,
  titleMax: null,
  bodyPolicy: 'none',
  subscribers: 1000,
};

export const SEED_SUBREDDITS: SimSubreddit[] = [
  { ...base, name: 'sandbox' },
  { ...base, name: 'sim_links', submissionType: 'link' },
  { ...base, name: 'sim_selfonly', submissionType: 'self', allowImages: false, allowVideos: false },
  {
    ...base,
    name: 'sim_flair',
    flairRequired: true,
    flairs: [{ id: '4f6a1c2e-0000-4000-8000-000000000001', text: 'Discussion' }],
    titleMin: 10,
    titleMax: 120,
    bodyPolicy: 'required',
  },
  { ...base, name: 'sim_private', type: 'private' },
];

/** The subreddit by name (case does not matter, as on Reddit). */
export function subredditOf(sim: Simulator, name: string | undefined): SimSubreddit | undefined {
  const extra = sim.state.collection<SimSubreddit>('reddit', 'subreddits');
  const key = (name ?? '').toLowerCase();
  return extra.get(key) ?? SEED_SUBREDDITS.find((s) => s.name.toLowerCase() === key);
}

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get(
    '/r/:sub/about',
    (req) => {
      authOf(req);
      const s = subredditOf(sim, req.params.sub);
      if (!s) return redditError(404, 'Not Found');
      if (s.type === 'private') return redditError(403, 'Forbidden', { reason: 'private' });
      return json(200, {
        kind: 't5',
        data: {
          display_name: s.name,
          display_name_prefixed: `r/${s.name}`,
          name: `t5_${s.name.length.toString(36)}sim`,
          title: `Sim r/${s.name}`,
          subreddit_type: s.type,
          submission_type: s.submissionType,
          allow_images: s.allowImages,
          allow_videos: s.allowVideos,
          link_flair_enabled: s.flairs.length > 0,
          over18: false,
          subscribers: s.subscribers,
          user_is_banned: false,
          url: `/r/${s.name}/`,
        },
      });
    },
    { auth: true },
  );

  r.get(
    '/api/v1/:sub/post_requirements',
    (req) => {
      const s = subredditOf(sim, req.params.sub);
      if (!s) return redditError(404, 'Not Found');
      return json(200, {
        title_regexes: [],
        body_blacklisted_strings: [],
        title_blacklisted_strings: [],
        body_text_max_length: null,
        title_required_strings: [],
        guidelines_text: null,
        gallery_min_items: null,
        domain_blacklist: [],
        domain_whitelist: [],
        title_text_max_length: s.titleMax,
        body_restriction_policy: s.bodyPolicy,
        link_restriction_policy: 'none',
        guidelines_display_policy: null,
        body_required_strings: [],
        title_text_min_length: s.titleMin,
        gallery_captions_requirement: 'none',
        is_flair_required: s.flairRequired,
        gallery_max_items: null,
        gallery_urls_requirement: 'none',
        body_regexes: [],
        link_repost_age: null,
        body_text_min_length: null,
      });
    },
    { auth: true },
  );
};
