/**
 * The account's own instance limits, checked when a post is created: the text with
 * its content warning, the media count, alt text, the poll, each thread item, and
 * the first comment (a reply, so the instance's character limit applies to it too).
 * The limits are the instance's as publish reads them (`/api/v2/instance`, kept an
 * hour in this process, through the address filter), so an instance that changed
 * them is judged as it is now; when the instance can not be read, the limits kept
 * on the account when it was connected (`metadata.limits`). Within the engine's
 * budget: an instance that does not answer in time leaves the check to publish.
 */
import type { AccountEnv } from '../module.ts';
import { overLimit, type PostInput, type TargetInput } from '../shared/input.ts';
import { instanceOf } from './account.ts';
import { countMastodon, type InstanceLimits, instanceLimits, limitsFrom } from './limits.ts';
import { checkMastodonLimits } from './validate.ts';

/** The limits kept on the account at connect (clamped again: stored data is read with care), or null. */
export function storedLimits(metadata: Readonly<Record<string, unknown>>): InstanceLimits | null {
  const kept = metadata.limits;
  if (!kept || typeof kept !== 'object' || Array.isArray(kept)) return null;
  const l = kept as Record<string, unknown>;
  // limitsFrom reads an instance answer; the stored object is its result, so it is put back in that shape.
  return limitsFrom({
    configuration: {
      statuses: {
        max_characters: l.maxCharacters,
        characters_reserved_per_url: l.charactersPerUrl,
        max_media_attachments: l.maxMedia,
      },
      media_attachments: {
        image_size_limit: l.imageMaxBytes,
        video_size_limit: l.videoMaxBytes,
        description_limit: l.descriptionLimit,
        supported_mime_types: l.supportedMimeTypes,
      },
      polls: {
        max_options: l.pollMaxOptions,
        max_characters_per_option: l.pollMaxCharactersPerOption,
        min_expiration: l.pollMinExpiration,
        max_expiration: l.pollMaxExpiration,
      },
    },
  });
}

export async function checkMastodonTarget(
  { env, account }: AccountEnv,
  target: TargetInput,
  post: PostInput,
  signal: AbortSignal,
): Promise<string[]> {
  const limits = await instanceLimits({
    instance: instanceOf(account, env.url('api', '')),
    outside: env.outside,
    signal,
    timeoutMs: env.timeoutMs,
  }).catch(() => storedLimits(account.metadata));
  if (!limits) return [];
  const out = checkMastodonLimits(limits, target, post);
  if (post.firstComment !== undefined)
    out.push(
      ...overLimit('firstComment', {
        length: countMastodon(post.firstComment, limits),
        limit: limits.maxCharacters,
        unit: 'characters on this instance',
      }),
    );
  return out;
}
