/**
 * Runs every platform's rules over the targets of a post: the platformSpecificData
 * schema of the target's platform module (unknown fields refused), then the
 * module's own cross-field and limit rules, and refuses a platform whose module
 * cannot publish yet. Every message names where the problem is:
 * `platforms[2] (pinterest): platformSpecificData.boardId is required`.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { type TSchema, Type } from 'typebox';
import { formatValidationErrors } from '../http/validation.ts';
import { targetMediaVerdict } from './media-check.ts';
import type { PlatformRegistry } from './module.ts';
import type { Platform } from './names.ts';
import { overLimit, type PostInput, type TargetInput } from './shared/input.ts';

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
// By schema object: the compiled checkers of a module's options are made once per process.
const compiled = new WeakMap<object, Compiled>();

function compile(options: PlatformRegistry[Platform]['options']): Compiled {
  let c = compiled.get(options);
  if (!c) {
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
    compiled.set(options, c);
  }
  return c;
}

const stripId = (s: TSchema): object => {
  const { $id: _id, ...rest } = s as TSchema & { $id?: string };
  return rest;
};

/** Messages for one target, without its `platforms[i] (platform): ` prefix. */
export function validateTarget(registry: PlatformRegistry, target: TargetInput, post: PostInput): string[] {
  const module = registry[target.platform];
  const c = compile(module.options);
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
  for (const m of module.validate({ ...target, platformSpecificData: sound }, post))
    if (!out.includes(m)) out.push(m);
  out.push(...firstCommentProblems(module, sound, post));
  for (const m of targetMediaVerdict(module, { ...target, platformSpecificData: sound }, post).problems)
    if (!out.includes(m)) out.push(m);
  if (!module.publisher) out.push(`publishing to ${target.platform} is not available yet`);
  return out;
}

/**
 * The post's first comment against the platform's comment rule, where this
 * target posts it (a target with its own, YouTube's option, is checked by its
 * options schema; a platform that can not comment skips it and has no rule).
 */
function firstCommentProblems(
  module: PlatformRegistry[Platform],
  psd: Readonly<Record<string, unknown>>,
  post: PostInput,
): string[] {
  const capability = module.firstComment;
  if (!capability || post.firstComment === undefined || capability.ownText?.(psd) !== undefined) return [];
  if (capability.noCommentsOn?.(psd)) return [];
  return overLimit('firstComment', capability.measure(post.firstComment));
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
export function validateTargets(
  registry: PlatformRegistry,
  targets: readonly TargetInput[],
  post: PostInput,
): string[] {
  const out = validatePostMedia(post);
  targets.forEach((t, i) => {
    for (const m of validateTarget(registry, t, post)) out.push(`platforms[${i}] (${t.platform}): ${m}`);
  });
  return out;
}
