/**
 * Checks of a recurring post's extra texts: each variant is published in its
 * turn, so each must pass every platform's rules the post's own content passes.
 */
import type { AppContext } from '../../context.ts';
import { bodyProblems, type PostBody } from '../posts/check.ts';
import { type SeriesInput, seriesProblems } from './series-rows.ts';

export function recurringPostProblems(
  ctx: AppContext,
  body: PostBody & SeriesInput,
  timeZone: string,
  first: Date | null,
): string[] {
  const problems = seriesProblems(body, timeZone, first);
  (body.variants ?? []).forEach((text, i) => {
    for (const p of bodyProblems(ctx, { ...body, content: text })) problems.push(`variants[${i}]: ${p}`);
  });
  return problems;
}
