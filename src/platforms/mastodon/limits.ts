/**
 * An instance's own limits, from `GET /api/v2/instance` (`configuration.statuses`,
 * `.media_attachments`, `.polls`): each instance sets them (500 characters and 4
 * media by default; many raise them). Read once per instance and kept an hour in
 * this process (at most MAX_CACHED instances, oldest dropped). Every number is
 * clamped to a sane range, so a hostile instance can not make us send without
 * bounds or refuse everything with a zero.
 */
import { PlatformError } from '../contract.ts';
import { type InstanceTarget, instanceCall, objectAnswer } from './api.ts';

export interface InstanceLimits {
  maxCharacters: number;
  /** Characters a link counts for, whatever its length. */
  charactersPerUrl: number;
  maxMedia: number;
  imageMaxBytes: number;
  videoMaxBytes: number;
  descriptionLimit: number;
  pollMaxOptions: number;
  pollMaxCharactersPerOption: number;
  pollMinExpiration: number;
  pollMaxExpiration: number;
  supportedMimeTypes: string[];
}

/** Mastodon's defaults, used where an instance leaves a number out. */
export const MASTODON_DEFAULT_LIMITS: InstanceLimits = {
  maxCharacters: 500,
  charactersPerUrl: 23,
  maxMedia: 4,
  imageMaxBytes: 16 * 1024 * 1024,
  videoMaxBytes: 99 * 1024 * 1024,
  descriptionLimit: 1500,
  pollMaxOptions: 4,
  pollMaxCharactersPerOption: 50,
  pollMinExpiration: 300,
  pollMaxExpiration: 2_629_746,
  supportedMimeTypes: [],
};

/**
 * The most characters any instance is believed to allow (limits are clamped to it):
 * what the rules that know no account (a first comment's) count against; the
 * account's own limit is checked at create (check.ts).
 */
export const MASTODON_MOST_CHARACTERS = 100_000;

const TTL_MS = 3600_000;
const MAX_CACHED = 500;
const cache = new Map<string, { at: number; limits: InstanceLimits }>();

const num = (v: unknown, fallback: number, min: number, max: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(Math.max(Math.floor(v), min), max) : fallback;

/** The limits in an instance answer (v2 `configuration`), clamped. */
export function limitsFrom(instance: unknown): InstanceLimits {
  const d = MASTODON_DEFAULT_LIMITS;
  const c = ((instance as { configuration?: unknown } | null)?.configuration ?? {}) as Record<
    string,
    Record<string, unknown>
  >;
  const s = c.statuses ?? {};
  const m = c.media_attachments ?? {};
  const p = c.polls ?? {};
  const mimes = Array.isArray(m.supported_mime_types)
    ? (m.supported_mime_types as unknown[])
        .filter((x): x is string => typeof x === 'string' && x.length < 100)
        .slice(0, 200)
    : [];
  return {
    maxCharacters: num(s.max_characters, d.maxCharacters, 1, MASTODON_MOST_CHARACTERS),
    charactersPerUrl: num(s.characters_reserved_per_url, d.charactersPerUrl, 0, 1000),
    maxMedia: num(s.max_media_attachments, d.maxMedia, 0, 20),
    imageMaxBytes: num(m.image_size_limit, d.imageMaxBytes, 1, 1024 ** 3),
    videoMaxBytes: num(m.video_size_limit, d.videoMaxBytes, 1, 4 * 1024 ** 3),
    descriptionLimit: num(m.description_limit, d.descriptionLimit, 0, 100_000),
    pollMaxOptions: num(p.max_options, d.pollMaxOptions, 0, 100),
    pollMaxCharactersPerOption: num(p.max_characters_per_option, d.pollMaxCharactersPerOption, 1, 10_000),
    pollMinExpiration: num(p.min_expiration, d.pollMinExpiration, 0, 31 * 86400 * 12),
    pollMaxExpiration: num(p.max_expiration, d.pollMaxExpiration, 1, 31 * 86400 * 12),
    supportedMimeTypes: mimes,
  };
}

/** The instance's limits, from the cache or read now. */
export async function instanceLimits(t: InstanceTarget, now = Date.now()): Promise<InstanceLimits> {
  const hit = cache.get(t.instance);
  if (hit && now - hit.at < TTL_MS) return hit.limits;
  const res = await instanceCall(t, '/api/v2/instance', { what: 'Mastodon: read the instance limits' });
  const limits = limitsFrom(objectAnswer(res.json, 'Mastodon: the instance'));
  cache.delete(t.instance);
  cache.set(t.instance, { at: now, limits });
  while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  return limits;
}

/** Forgets what is cached (tests that change an instance's limits). */
export const forgetInstanceLimits = (): void => cache.clear();

/** Mastodon's count: code points, each link as `charactersPerUrl`, a mention by its local part. */
export function countMastodon(text: string, limits: Pick<InstanceLimits, 'charactersPerUrl'>): number {
  const withoutLinks = text.replace(/https?:\/\/\S+/g, 'x'.repeat(limits.charactersPerUrl));
  const withoutDomains = withoutLinks.replace(/(@[A-Za-z0-9_]+)@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '$1');
  return [...withoutDomains].length;
}

/** The problems of one status against the instance's limits, in words (each a permanent refusal). */
export function overInstanceLimits(
  limits: InstanceLimits,
  s: {
    text: string;
    spoiler?: string | undefined;
    media: number;
    poll?: { options: string[]; expiresInSeconds: number } | undefined;
    alt?: readonly string[] | undefined;
  },
  where: string,
): string[] {
  const out: string[] = [];
  const length = countMastodon(s.text, limits) + [...(s.spoiler ?? '')].length;
  if (length > limits.maxCharacters)
    out.push(
      `${where} is ${length} characters with its content warning; this instance takes at most ${limits.maxCharacters}`,
    );
  if (s.media > limits.maxMedia)
    out.push(`${where} has ${s.media} media items; this instance takes at most ${limits.maxMedia}`);
  for (const [i, a] of (s.alt ?? []).entries())
    if ([...a].length > limits.descriptionLimit)
      out.push(
        `altText[${i}] is ${[...a].length} characters; this instance takes at most ${limits.descriptionLimit}`,
      );
  if (s.poll) {
    if (s.poll.options.length > limits.pollMaxOptions)
      out.push(
        `poll has ${s.poll.options.length} options; this instance takes at most ${limits.pollMaxOptions}`,
      );
    for (const [i, o] of s.poll.options.entries())
      if ([...o].length > limits.pollMaxCharactersPerOption)
        out.push(
          `poll.options[${i}] is ${[...o].length} characters; this instance takes at most ${limits.pollMaxCharactersPerOption}`,
        );
    if (
      s.poll.expiresInSeconds < limits.pollMinExpiration ||
      s.poll.expiresInSeconds > limits.pollMaxExpiration
    )
      out.push(
        `poll.expiresInSeconds must be between ${limits.pollMinExpiration} and ${limits.pollMaxExpiration} on this instance`,
      );
  }
  return out;
}

/** Refuses, before anything is uploaded, a status over the instance's limits. */
export function assertWithinLimits(problems: string[]): void {
  if (problems.length > 0) throw new PlatformError('permanent', `Mastodon: ${problems.join('; ')}`);
}
