/**
 * What an edit of a published post asks of each target, decided from the post as
 * it is (pure: no database, no platform call). Per target:
 * - `editing`: its text or options change, its platform can edit, the result
 *   passes the platform's own rules: an edit job is queued (1 credit);
 * - `not_editable`: its platform's API can not change a live post (the module's
 *   sentence); nothing is sent, nothing charged;
 * - `refused`: an option that can not change once published, or the edited target
 *   breaks the platform's rules (the validation messages); nothing is sent;
 * - `skipped`: nothing changes there, or the target was never published.
 * Bad requests (a target the post does not have) are 400; a post or named target
 * that is not published, or one whose previous edit still runs, is 409.
 */
import { AppError } from '../../errors.ts';
import type { PlatformRegistry } from '../../platforms/module.ts';
import { isPlatform } from '../../platforms/names.ts';
import type { MediaInput } from '../../platforms/shared/input.ts';
import { validateTarget } from '../../platforms/validation.ts';
import type { PostRow, StoredMedia, TargetRow } from '../posts/types.ts';
import { parseEdit } from './state.ts';

export interface TargetEditRequest {
  platform: string;
  accountId: string;
  content?: string;
  platformSpecificData?: object;
}

export interface PublishedEditBody {
  /** The new top-level text: every published target without text of its own takes it. */
  content?: string;
  /** Per target: its own new text and the options to change. */
  platforms?: TargetEditRequest[];
}

export type TargetPlan =
  | {
      kind: 'editing';
      target: TargetRow;
      content: string;
      options: Record<string, unknown>;
      changes: { content: boolean; options: string[] };
    }
  | { kind: 'not_editable' | 'refused' | 'skipped'; target: TargetRow; message: string };

export interface EditPlan {
  /** The post's top-level content after the request (unchanged when none was given). */
  postContent: string;
  targets: TargetPlan[];
}

const EDITABLE_POSTS = new Set(['published', 'partial']);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function refuseConflicts(post: PostRow, targets: readonly TargetRow[], body: PublishedEditBody): void {
  if (!EDITABLE_POSTS.has(post.status))
    throw new AppError(
      'conflict',
      `Post ${post.id} is ${post.status}; only a published or partial post can be edited this way (a scheduled post is edited with PUT /v1/posts/scheduled/{postId})`,
    );
  const seen = new Set<string>();
  for (const [i, r] of (body.platforms ?? []).entries()) {
    const key = `${r.platform}/${r.accountId}`;
    if (seen.has(key))
      throw new AppError('invalid', `platforms[${i}]: ${r.platform} account ${r.accountId} is named twice`);
    seen.add(key);
    const t = targets.find((x) => x.platform === r.platform && x.integration_id === r.accountId);
    if (!t)
      throw new AppError(
        'invalid',
        `platforms[${i}]: post ${post.id} has no ${r.platform} target for account ${r.accountId}`,
      );
    if (t.status !== 'published')
      throw new AppError(
        'conflict',
        `platforms[${i}]: the ${r.platform} target is ${t.status}, not published; only published targets can be edited`,
      );
  }
}

export function planPublishedEdit(
  registry: PlatformRegistry,
  post: PostRow,
  targets: readonly TargetRow[],
  body: PublishedEditBody,
): EditPlan {
  if (body.content === undefined && (body.platforms ?? []).length === 0)
    throw new AppError('invalid', 'Nothing to edit: give content, platforms, or both');
  refuseConflicts(post, targets, body);
  const postContent = body.content ?? post.content;
  const media = (JSON.parse(post.media) as StoredMedia[]).map(
    (m): MediaInput => ({ type: m.type as MediaInput['type'], url: m.url }),
  );
  const plans = targets.map((t) => {
    const asked = body.platforms?.find((r) => r.platform === t.platform && r.accountId === t.integration_id);
    return planTarget(registry, t, post, postContent, media, body.content !== undefined, asked);
  });
  const busy = plans.find((p) => p.kind === 'editing' && parseEdit(p.target.edit)?.status === 'editing');
  if (busy)
    throw new AppError(
      'conflict',
      `An edit of this post on ${busy.target.platform} is still running; send this one once it has finished (GET /v1/posts/${post.id} shows it)`,
    );
  return { postContent, targets: plans };
}

function planTarget(
  registry: PlatformRegistry,
  t: TargetRow,
  post: PostRow,
  postContent: string,
  media: MediaInput[],
  topLevelGiven: boolean,
  asked: TargetEditRequest | undefined,
): TargetPlan {
  const current = t.content ?? post.content;
  const content = asked?.content ?? (topLevelGiven && t.content === null ? postContent : current);
  const oldOptions = JSON.parse(t.platform_specific_data) as Record<string, unknown>;
  const askedOptions = (asked?.platformSpecificData ?? {}) as Record<string, unknown>;
  const changed = Object.keys(askedOptions).filter((k) => !same(askedOptions[k], oldOptions[k]));
  const name = isPlatform(t.platform) ? registry[t.platform].displayName : t.platform;
  if (content === current && changed.length === 0)
    return { kind: 'skipped', target: t, message: `Nothing changes on ${name}` };
  if (t.status !== 'published' || !t.platform_post_id)
    return { kind: 'skipped', target: t, message: `Not published on ${name}; nothing to edit there` };
  if (!isPlatform(t.platform))
    return { kind: 'not_editable', target: t, message: `${t.platform} is not a platform this service knows` };
  const module = registry[t.platform];
  if (!module.editor)
    return {
      kind: 'not_editable',
      target: t,
      message:
        module.notEditable ??
        `${name} can not change a published post through its API, so nothing was sent there.`,
    };
  const format = module.editor.notEditableFormat?.(oldOptions);
  if (format) return { kind: 'not_editable', target: t, message: format };
  const fixed = changed.filter((k) => !module.editor?.options.includes(k));
  if (fixed.length > 0) {
    const can = module.editor.options.length ? `only ${module.editor.options.join(', ')} can` : 'none can';
    return {
      kind: 'refused',
      target: t,
      message: `${fixed.map((k) => `platformSpecificData.${k}`).join(', ')} can not be changed once published on ${name} (besides the text, ${can})`,
    };
  }
  const options = Object.fromEntries(changed.map((k) => [k, askedOptions[k]]));
  const problems = validateTarget(
    registry,
    {
      platform: t.platform,
      accountId: t.integration_id,
      content,
      platformSpecificData: { ...oldOptions, ...options },
    },
    { content: postContent, mediaItems: media },
  );
  if (problems.length > 0) return { kind: 'refused', target: t, message: problems.join('; ') };
  return {
    kind: 'editing',
    target: t,
    content,
    options,
    changes: { content: content !== current, options: changed },
  };
}
