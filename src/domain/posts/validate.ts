/**
 * Checking a post without creating it: the same schedule, media, platform and
 * account checks as create (check.ts), reported one problem at a time with where it
 * is, so a form can show each message beside its field while the person types.
 * Nothing is stored and nothing is charged. It also answers each target's text
 * length as its platform counts it, for counters beside the text.
 */
import type { AppContext } from '../../context.ts';
import { targetMediaVerdict } from '../../platforms/media-check.ts';
import { validatePostMedia, validateTarget } from '../../platforms/validation.ts';
import { type ProjectReach, projectOf } from '../teams/reach.ts';
import { checkAccounts } from './accounts.ts';
import { type PostBody, postInputOf } from './check.ts';
import { inspectPostMedia } from './media-facts.ts';
import { platformCheckProblems } from './platform-checks.ts';
import { readSchedule, type ScheduleInput } from './schedule.ts';

export interface ValidationProblem {
  /** `schedule`, `post` (content or media of the whole post) or `target`. */
  scope: 'schedule' | 'post' | 'target';
  /** Index in `platforms` of the target the problem belongs to, or null. */
  target: number | null;
  platform: string | null;
  /** The field named by the message (`content`, `platformSpecificData.boardId`, ...), or null. */
  field: string | null;
  /** The message as create would write it (targets' with their `platforms[i] (p): ` prefix). */
  message: string;
}

export interface ValidationAnswer {
  success: true;
  valid: boolean;
  /** What POST /v1/posts would answer for this body: 202, 400 or 403. */
  status: 202 | 400 | 403;
  /** Create's error message for this body, or null when it would be accepted. */
  message: string | null;
  problems: ValidationProblem[];
  /** Each target's text as its platform counts it, with the limit: for live counters. */
  textLengths: TextLength[];
  /** What `mediaProcessing: "auto"` would convert for each target (nothing is converted by validating). */
  conversions: MediaConversion[];
}

export interface MediaConversion {
  target: number;
  platform: string;
  /** Index in mediaItems. */
  item: number;
  fit: 'pad' | 'crop';
  /** As the target's warningMessage will say it: "image padded from 1:3 to 4:5 for Instagram". */
  description: string;
  /** Width ÷ height of the frame the item is fitted to, when its shape changes. */
  frameAspect?: number;
}

export interface TextLength {
  target: number;
  platform: string;
  length: number;
  limit: number;
  unit: string;
}

const FIELD = /^(platformSpecificData(?:\.[A-Za-z]+)?|content|mediaItems|accountId|firstComment)/;

function targetProblem(i: number, platform: string, bare: string): ValidationProblem {
  const field = bare.startsWith("the post's content") ? 'content' : (FIELD.exec(bare)?.[1] ?? null);
  return { scope: 'target', target: i, platform, field, message: `platforms[${i}] (${platform}): ${bare}` };
}

/** A message from the account check (`platforms[i] (p): ...`) as a problem of that target. */
function accountProblem(message: string): ValidationProblem {
  const m = /^platforms\[(\d+)\] \(([a-z]+)\): (.*)$/s.exec(message);
  if (!m) return { scope: 'post', target: null, platform: null, field: null, message };
  return { ...targetProblem(Number(m[1]), m[2]!, m[3]!), field: 'accountId', message };
}

/** A platform's own rule (`platforms[i] (p): ...`, from platform-checks.ts) as a problem of that target. */
function platformRuleProblem(message: string): ValidationProblem {
  const m = /^platforms\[(\d+)\] \(([a-z]+)\): (.*)$/s.exec(message);
  if (!m) return { scope: 'post', target: null, platform: null, field: null, message };
  return targetProblem(Number(m[1]), m[2]!, m[3]!);
}

export async function validatePost(
  ctx: AppContext,
  reach: ProjectReach,
  body: PostBody & ScheduleInput,
): Promise<ValidationAnswer> {
  const projectId = projectOf(reach);
  const schedule = readSchedule(body, ctx.now());
  const problems: ValidationProblem[] = [];
  if (Array.isArray(schedule))
    for (const message of schedule)
      problems.push({ scope: 'schedule', target: null, platform: null, field: null, message });
  // The media as create looks at it (a URL answering 404, another project's upload), with its facts.
  const inspected = await inspectPostMedia(ctx, projectId, body.mediaItems ?? []);
  const post = postInputOf(body, inspected.media);
  for (const message of [...inspected.problems, ...validatePostMedia(post)])
    problems.push({ scope: 'post', target: null, platform: null, field: 'mediaItems', message });
  body.platforms.forEach((t, i) => {
    for (const m of validateTarget(ctx.platforms, t, post)) problems.push(targetProblem(i, t.platform, m));
  });
  // The platforms' own rules (a subreddit's), as create checks them: only for targets that passed ours.
  if (problems.length === 0)
    for (const m of await platformCheckProblems(ctx, reach, body.platforms, post))
      problems.push(platformRuleProblem(m));
  const conversions: MediaConversion[] = [];
  body.platforms.forEach((t, i) => {
    for (const c of targetMediaVerdict(ctx.platforms[t.platform], t, post).conversions)
      conversions.push({
        target: i,
        platform: t.platform,
        item: c.item,
        fit: c.fit,
        description: c.description,
        ...(c.frameAspect ? { frameAspect: c.frameAspect } : {}),
      });
  });
  const textLengths: TextLength[] = [];
  body.platforms.forEach((t, i) => {
    const m = ctx.platforms[t.platform].measureText?.(t, post);
    if (m) textLengths.push({ target: i, platform: t.platform, ...m });
  });
  const accounts = await checkAccounts(ctx, reach, body.platforms);
  const invalid = [...problems, ...accounts.invalid.map(accountProblem)];
  const forbidden = accounts.forbidden.map(accountProblem);
  // The same order and the same verdict as create (check.ts verdict): invalid input wins.
  const all = [...invalid, ...forbidden];
  const status = invalid.length > 0 ? 400 : forbidden.length > 0 ? 403 : 202;
  return {
    success: true,
    valid: all.length === 0,
    status,
    message: all.length ? all.map((p) => p.message).join('; ') : null,
    problems: all,
    textLengths,
    conversions,
  };
}
