// The accounts a post goes to, as the form edits them: each with its own text (or
// the shared one) and its platform's options.
import type { PlatformName, Schemas } from '../../api/client.ts';
import type { MediaRow } from '../media/Media.tsx';
import type { Options } from '../options/OptionFields.tsx';

export interface TargetDraft {
  accountId: string;
  platform: PlatformName;
  override: string | null;
  options: Options;
}

/** The body as it was sent, kept on the post (`rawRequestBody`). */
export interface RawBody {
  content?: string;
  firstComment?: string;
  mediaItems?: MediaRow[];
  platforms?: {
    platform: PlatformName;
    accountId: string;
    content?: string;
    platformSpecificData?: Options;
  }[];
}

/** The post's current targets, with each one's options from the stored request (the post does not repeat them). */
export function targetsOf(post: Schemas['Post'] | null): TargetDraft[] {
  if (!post) return [];
  const raw = (post.rawRequestBody ?? {}) as RawBody;
  const options = new Map((raw.platforms ?? []).map((t) => [t.accountId, t.platformSpecificData ?? {}]));
  return post.platforms.map((t) => ({
    accountId: t.integrationId,
    platform: t.platform as PlatformName,
    override: t.content,
    options: options.get(t.integrationId) ?? {},
  }));
}
