/**
 * A recurring series as stored: built when its first occurrence is accepted
 * (create, or scheduling a draft), in the same transaction as that post. Also
 * the checks a request's `recurrence` and `variants` get at create.
 */
import type { TargetInput } from '../../platforms/shared/input.ts';
import type { PostSeriesTable } from '../../store/tables/planning.ts';
import { newId } from '../ids.ts';
import type { StoredMedia } from '../posts/types.ts';
import { type RecurrenceRule, recurrenceProblems } from './recurrence.ts';

export interface SeriesInput {
  content: string;
  platforms: TargetInput[];
  firstComment?: string;
  recurrence?: RecurrenceRule;
  variants?: string[];
}

/** What every occurrence publishes. */
export interface SeriesTemplate {
  content: string;
  media: StoredMedia[];
  platforms: TargetInput[];
  /** The post's first comment, posted under every occurrence (absent in series made before it existed). */
  firstComment?: string;
}

export const ACTIVE_SERIES = 'active';

/** Problems of a request's recurrence and variants (variants without a recurrence mean nothing). */
export function seriesProblems(body: SeriesInput, timeZone: string, first: Date | null): string[] {
  if (!body.recurrence) return body.variants?.length ? ['variants are only used with recurrence'] : [];
  return first ? recurrenceProblems(body.recurrence, timeZone, first) : [];
}

/** The text of occurrence `index`: the post's content first, then each variant in turn. */
export function occurrenceText(
  template: { content: string },
  variants: readonly string[],
  index: number,
): string {
  const texts = [template.content, ...variants];
  return texts[index % texts.length] as string;
}

export function newSeriesRow(
  projectId: string,
  body: SeriesInput & { recurrence: RecurrenceRule },
  media: readonly StoredMedia[],
  first: { at: Date; timezone: string },
  now: Date,
): PostSeriesTable {
  const at = now.toISOString();
  const template: SeriesTemplate = {
    content: body.content,
    media: [...media],
    platforms: body.platforms,
    ...(body.firstComment !== undefined ? { firstComment: body.firstComment } : {}),
  };
  return {
    id: newId('ser', now.getTime()),
    project_id: projectId,
    rule: JSON.stringify(body.recurrence),
    variants: JSON.stringify(body.variants ?? []),
    timezone: first.timezone,
    anchor_at: first.at.toISOString(),
    template: JSON.stringify(template),
    created_count: 1,
    last_step: 0,
    status: ACTIVE_SERIES,
    status_reason: null,
    created_at: at,
    updated_at: at,
  };
}
