/**
 * Runs every platform's rules over the targets of a post: the platformSpecificData
 * schema of the target's platform (unknown fields refused), then the platform's
 * own cross-field and limit rules. Every message names where the problem is:
 * `platforms[2] (pinterest): platformSpecificData.boardId is required`.
 *
 * The adapters' `validate` members are these same functions (see PLATFORM_RULES).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { type TSchema, Type } from 'typebox';
import { formatValidationErrors } from '../http/validation.ts';
import { BlueskyOptions } from './bluesky/options.ts';
import { validateBluesky } from './bluesky/validate.ts';
import { FacebookOptions } from './facebook/options.ts';
import { validateFacebook } from './facebook/validate.ts';
import { GoogleBusinessOptions } from './googlebusiness/options.ts';
import { validateGoogleBusiness } from './googlebusiness/validate.ts';
import { InstagramOptions } from './instagram/options.ts';
import { validateInstagram } from './instagram/validate.ts';
import { LinkedInOptions } from './linkedin/options.ts';
import { validateLinkedIn } from './linkedin/validate.ts';
import type { Platform } from './names.ts';
import { PinterestOptions } from './pinterest/options.ts';
import { validatePinterest } from './pinterest/validate.ts';
import type { PlatformValidator, PostInput, TargetInput } from './shared/input.ts';
import { ThreadsOptions } from './threads/options.ts';
import { validateThreads } from './threads/validate.ts';
import { TikTokOptions } from './tiktok/options.ts';
import { validateTikTok } from './tiktok/validate.ts';
import { TwitterOptions } from './twitter/options.ts';
import { validateTwitter } from './twitter/validate.ts';
import { YouTubeOptions } from './youtube/options.ts';
import { validateYouTube } from './youtube/validate.ts';

export interface PlatformRules {
  /** TypeBox schema of the platform's platformSpecificData. */
  options: TSchema & { properties: Record<string, TSchema> };
  /** Cross-field and platform-limit rules; messages without the `platforms[i]` prefix. */
  validate: PlatformValidator;
}

export const PLATFORM_RULES: Record<Platform, PlatformRules> = {
  twitter: { options: TwitterOptions, validate: validateTwitter },
  instagram: { options: InstagramOptions, validate: validateInstagram },
  youtube: { options: YouTubeOptions, validate: validateYouTube },
  tiktok: { options: TikTokOptions, validate: validateTikTok },
  pinterest: { options: PinterestOptions, validate: validatePinterest },
  linkedin: { options: LinkedInOptions, validate: validateLinkedIn },
  bluesky: { options: BlueskyOptions, validate: validateBluesky },
  facebook: { options: FacebookOptions, validate: validateFacebook },
  threads: { options: ThreadsOptions, validate: validateThreads },
  googlebusiness: { options: GoogleBusinessOptions, validate: validateGoogleBusiness },
};

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
// The same options as the request validator, so messages read the same.
const ajv = addFormats(
  new Ajv({ allErrors: true, coerceTypes: false, useDefaults: false, strict: false, messages: false }),
);

interface Compiled {
  /** Checks `{platformSpecificData: value}`, so paths read `platformSpecificData.boardId`. */
  whole: ValidateFunction;
  /** One checker per field, to tell which fields are sound enough for the cross-field rules. */
  fields: Map<string, ValidateFunction>;
  /** For array fields, one checker per item, so the sound items of a partly wrong list still count. */
  items: Map<string, ValidateFunction>;
}
const compiled = new Map<Platform, Compiled>();

function compile(platform: Platform): Compiled {
  let c = compiled.get(platform);
  if (!c) {
    const options = PLATFORM_RULES[platform].options;
    const { $id: _id, ...schema } = options as TSchema & { $id?: string };
    c = {
      whole: ajv.compile(Type.Object({ platformSpecificData: schema as TSchema })),
      fields: new Map(Object.entries(options.properties).map(([k, s]) => [k, ajv.compile(stripId(s))])),
      items: new Map(
        Object.entries(options.properties)
          .filter(([, s]) => (s as { items?: unknown }).items !== undefined)
          .map(([k, s]) => [k, ajv.compile((s as unknown as { items: object }).items)]),
      ),
    };
    compiled.set(platform, c);
  }
  return c;
}

const stripId = (s: TSchema): object => {
  const { $id: _id, ...rest } = s as TSchema & { $id?: string };
  return rest;
};

/** Messages for one target, without its `platforms[i] (platform): ` prefix. */
export function validateTarget(target: TargetInput, post: PostInput): string[] {
  const c = compile(target.platform);
  const psd = (target.platformSpecificData ?? {}) as Record<string, unknown>;
  const out: string[] = [];
  let sound: Record<string, unknown> = psd;
  if (!c.whole({ platformSpecificData: psd })) {
    out.push(...formatValidationErrors(c.whole.errors ?? [], 'body').split('; '));
    // The cross-field rules see only the fields that passed their own schema.
    sound = {};
    for (const [k, v] of Object.entries(psd)) {
      const item = c.items.get(k);
      if (c.fields.get(k)?.(v)) sound[k] = v;
      // Items that fail their schema become null: indexes stay right and the rules skip them.
      else if (item && Array.isArray(v)) sound[k] = v.map((x) => (item(x) ? x : null));
    }
  }
  const rules = PLATFORM_RULES[target.platform].validate;
  for (const m of rules({ ...target, platformSpecificData: sound }, post)) if (!out.includes(m)) out.push(m);
  return out;
}

/** Rules of the post itself that no platform owns. */
export function validatePostMedia(post: PostInput): string[] {
  const out: string[] = [];
  post.mediaItems.forEach((m, i) => {
    if (m.thumbnail !== undefined && m.type !== 'video')
      out.push(`mediaItems[${i}].thumbnail is allowed only on video items (this one is ${m.type})`);
  });
  return out;
}

/** Every problem of every target, each prefixed with where it is. */
export function validateTargets(targets: readonly TargetInput[], post: PostInput): string[] {
  const out = validatePostMedia(post);
  targets.forEach((t, i) => {
    for (const m of validateTarget(t, post)) out.push(`platforms[${i}] (${t.platform}): ${m}`);
  });
  return out;
}
