/**
 * A subreddit's own rules, as far as Reddit's API tells them:
 * `GET /r/{sub}/about` (submission_type any|link|self, allow_images,
 * allow_videos, whether it exists, is private or bans the account) and
 * `GET /api/v1/{sub}/post_requirements` (flair required, title length, body
 * required or not allowed, body length, strings the title must contain).
 *
 * Read once per subreddit and kept for RULES_TTL_MS in this process (at most
 * MAX_SUBREDDITS of them, the oldest dropped first), so a create checks them
 * without waiting on Reddit when they were read recently, and a burst of posts
 * to one subreddit reads them once. The sync validator checks the kept rules; the
 * create-time check reads missing ones within a short budget; the publisher reads
 * them (kept or fresh) before it submits, so a rule is never skipped, only
 * checked later when Reddit could not be reached at create.
 */

import { PlatformError } from '../contract.ts';
import type { PostInput, TargetInput } from '../shared/input.ts';
import { pick } from '../shared/json.ts';
import { type RedditTarget, redditRead } from './api.ts';
import { redditOptions } from './options.ts';

export interface SubredditRules {
  /** The subreddit's name as Reddit spells it. */
  name: string;
  /** Why nobody can post there through the API (private, banned, restricted), or null. */
  closed: string | null;
  submissionType: 'any' | 'link' | 'self';
  allowImages: boolean;
  allowVideos: boolean;
  flairRequired: boolean;
  titleMin: number | null;
  titleMax: number | null;
  titleRequiredStrings: string[];
  bodyPolicy: 'none' | 'required' | 'notAllowed';
  bodyMin: number | null;
  bodyMax: number | null;
}

export const RULES_TTL_MS = 10 * 60_000;
export const MAX_SUBREDDITS = 500;

/** Subreddit (lowercase) → its rules, or `missing` when Reddit said it does not exist. */
const kept = new Map<string, { at: number; rules: SubredditRules | 'missing' }>();

export function keptRules(subreddit: string, now = Date.now()): SubredditRules | 'missing' | undefined {
  const k = kept.get(subreddit.toLowerCase());
  if (!k) return undefined;
  if (now - k.at > RULES_TTL_MS) {
    kept.delete(subreddit.toLowerCase());
    return undefined;
  }
  return k.rules;
}

function keep(subreddit: string, rules: SubredditRules | 'missing', now: number): void {
  const key = subreddit.toLowerCase();
  kept.delete(key);
  kept.set(key, { at: now, rules });
  // A Map iterates in insertion order: the first key is the oldest.
  while (kept.size > MAX_SUBREDDITS) kept.delete(kept.keys().next().value as string);
}

/** Forgets every kept rule (tests that change a simulated subreddit). */
export function forgetRules(): void {
  kept.clear();
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);

/** Reads the rules from Reddit (or the kept ones); `missing` for a subreddit that does not exist. */
export async function readRules(
  t: RedditTarget,
  subreddit: string,
  now = Date.now(),
): Promise<SubredditRules | 'missing'> {
  const known = keptRules(subreddit, now);
  if (known) return known;
  const sub = encodeURIComponent(subreddit);
  let about: unknown;
  try {
    about = await redditRead(t, `/r/${sub}/about`, {}, `Reddit: rules of r/${subreddit}`);
  } catch (err) {
    if (err instanceof PlatformError && err.status === 404) {
      keep(subreddit, 'missing', now);
      return 'missing';
    }
    if (err instanceof PlatformError && err.status === 403) {
      const rules = closedRules(subreddit, err.platformCode);
      keep(subreddit, rules, now);
      return rules;
    }
    throw err;
  }
  const d = (pick(about, 'data') ?? {}) as Record<string, unknown>;
  if (pick(about, 'kind') !== 't5' || typeof d.display_name !== 'string') {
    keep(subreddit, 'missing', now);
    return 'missing';
  }
  const req = (await redditRead(
    t,
    `/api/v1/${sub}/post_requirements`,
    {},
    `Reddit: post requirements of r/${subreddit}`,
  )) as Record<string, unknown>;
  const type = d.submission_type;
  const body = req.body_restriction_policy;
  const rules: SubredditRules = {
    name: d.display_name,
    closed: d.user_is_banned === true ? 'the account is banned from it' : null,
    submissionType: type === 'link' || type === 'self' ? type : 'any',
    allowImages: d.allow_images !== false,
    allowVideos: d.allow_videos !== false,
    flairRequired: req.is_flair_required === true,
    titleMin: num(req.title_text_min_length),
    titleMax: num(req.title_text_max_length),
    titleRequiredStrings: Array.isArray(req.title_required_strings)
      ? req.title_required_strings.filter((s): s is string => typeof s === 'string' && s !== '')
      : [],
    bodyPolicy: body === 'required' || body === 'notAllowed' ? body : 'none',
    bodyMin: num(req.body_text_min_length),
    bodyMax: num(req.body_text_max_length),
  };
  keep(subreddit, rules, now);
  return rules;
}

function closedRules(subreddit: string, reason: string | undefined): SubredditRules {
  return {
    name: subreddit,
    closed:
      reason === 'banned'
        ? 'Reddit has banned it'
        : reason === 'private'
          ? 'it is private'
          : 'Reddit refuses access to it',
    submissionType: 'any',
    allowImages: false,
    allowVideos: false,
    flairRequired: false,
    titleMin: null,
    titleMax: null,
    titleRequiredStrings: [],
    bodyPolicy: 'none',
    bodyMin: null,
    bodyMax: null,
  };
}

/** The kind of Reddit post a target makes. */
export type PostKind = 'self' | 'link' | 'image' | 'video';

export function kindOf(
  target: Pick<TargetInput, 'platformSpecificData'>,
  post: Pick<PostInput, 'mediaItems'>,
): PostKind {
  const first = post.mediaItems[0];
  if (first) return first.type === 'video' ? 'video' : 'image';
  return redditOptions((target.platformSpecificData ?? {}) as Record<string, unknown>).url ? 'link' : 'self';
}

const KIND_WORDS: Record<PostKind, string> = {
  self: 'a text post',
  link: 'a link post',
  image: 'an image post',
  video: 'a video post',
};

/** Every way the target breaks the subreddit's rules, in words naming the field. */
export function rulesProblems(
  rules: SubredditRules | 'missing',
  target: TargetInput,
  post: PostInput,
  text: string,
): string[] {
  const o = redditOptions((target.platformSpecificData ?? {}) as Record<string, unknown>);
  const sub = `r/${typeof rules === 'string' ? o.subreddit : rules.name}`;
  if (rules === 'missing') return [`platformSpecificData.subreddit: ${sub} does not exist on Reddit`];
  if (rules.closed)
    return [`platformSpecificData.subreddit: nobody can post to ${sub} through the API: ${rules.closed}`];
  const out: string[] = [];
  const kind = kindOf(target, post);
  if (rules.submissionType === 'link' && kind === 'self')
    out.push(
      `platformSpecificData.subreddit: ${sub} takes only link and media posts, and this is ${KIND_WORDS[kind]} (give platformSpecificData.url or a media item)`,
    );
  if (rules.submissionType === 'self' && kind !== 'self')
    out.push(`platformSpecificData.subreddit: ${sub} takes only text posts, and this is ${KIND_WORDS[kind]}`);
  if (kind === 'image' && !rules.allowImages) out.push(`mediaItems: ${sub} does not allow image posts`);
  if (kind === 'video' && !rules.allowVideos) out.push(`mediaItems: ${sub} does not allow video posts`);
  if (rules.flairRequired && !o.flairId && !o.flairText)
    out.push(`platformSpecificData.flairId: ${sub} requires a flair on every post`);
  const title = [...(o.title ?? '')].length;
  if (rules.titleMin && title < rules.titleMin)
    out.push(
      `platformSpecificData.title: ${sub} requires titles of at least ${rules.titleMin} characters (this one has ${title})`,
    );
  if (rules.titleMax && title > rules.titleMax)
    out.push(
      `platformSpecificData.title: ${sub} allows titles of at most ${rules.titleMax} characters (this one has ${title})`,
    );
  const lower = (o.title ?? '').toLowerCase();
  if (
    rules.titleRequiredStrings.length &&
    !rules.titleRequiredStrings.some((s) => lower.includes(s.toLowerCase()))
  )
    out.push(
      `platformSpecificData.title: ${sub} requires the title to contain one of ${rules.titleRequiredStrings.map((s) => JSON.stringify(s)).join(', ')}`,
    );
  if (kind === 'self') {
    const body = [...text.trim()].length;
    if (rules.bodyPolicy === 'required' && body === 0)
      out.push(`content: ${sub} requires a body text on text posts`);
    if (rules.bodyPolicy === 'notAllowed' && body > 0)
      out.push(
        `content: ${sub} allows no body text: its text posts are a title only (leave this target's content empty)`,
      );
    if (rules.bodyMin && body > 0 && body < rules.bodyMin)
      out.push(
        `content: ${sub} requires a body of at least ${rules.bodyMin} characters (this one has ${body})`,
      );
    if (rules.bodyMax && body > rules.bodyMax)
      out.push(`content: ${sub} allows a body of at most ${rules.bodyMax} characters (this one has ${body})`);
  }
  return out;
}
