/**
 * Google Business Profile's own rules: a summary of at most 1500 characters; at
 * most one photo (no video, GIF or document); the event fields for EVENT posts;
 * a call-to-action URL for every type but CALL (where Google uses the phone
 * number and the URL must be absent); real calendar dates; an end not before the start.
 */
import {
  measureWith,
  overLimit,
  type PlatformValidator,
  type TextMeasurer,
  targetText,
} from '../shared/input.ts';
import { codePointLength } from '../shared/text.ts';
import type { GoogleBusinessOptions } from './options.ts';

const EVENT_FIELDS = [
  'eventTitle',
  'eventStartDate',
  'eventStartTime',
  'eventEndDate',
  'eventEndTime',
] as const;

function realDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

/** The text's length and the platform's limit (for counters). */
export const measureGoogleBusiness: TextMeasurer = measureWith(codePointLength, 1500, 'characters');

export const validateGoogleBusiness: PlatformValidator = (target, post) => {
  const out: string[] = [];
  const o = (target.platformSpecificData ?? {}) as GoogleBusinessOptions;
  const { field } = targetText(target, post);
  out.push(...overLimit(field, measureGoogleBusiness(target, post)));
  if (post.mediaItems.some((m) => m.type !== 'image'))
    out.push('mediaItems: Google Business posts take photos only (no videos, GIFs or documents)');
  if (post.mediaItems.length > 1)
    out.push(`mediaItems: a Google Business post takes at most 1 photo (got ${post.mediaItems.length})`);
  if (o.topicType === 'EVENT') {
    for (const f of EVENT_FIELDS)
      if (o[f] === undefined) out.push(`platformSpecificData.${f} is required when topicType is EVENT`);
  }
  if (o.callToActionType !== undefined && o.callToActionType !== 'CALL' && o.callToActionUrl === undefined)
    out.push(`platformSpecificData.callToActionUrl is required for callToActionType ${o.callToActionType}`);
  if (o.callToActionType === 'CALL' && o.callToActionUrl !== undefined)
    out.push(
      'platformSpecificData.callToActionUrl must be absent for callToActionType CALL (Google calls the profile phone)',
    );
  if (o.callToActionUrl !== undefined && o.callToActionType === undefined)
    out.push('platformSpecificData.callToActionUrl needs platformSpecificData.callToActionType');
  for (const f of ['eventStartDate', 'eventEndDate'] as const) {
    const v = o[f];
    if (v !== undefined && /^\d{4}-\d\d-\d\d$/.test(v) && !realDate(v))
      out.push(`platformSpecificData.${f} ${v} is not a calendar date`);
  }
  const { eventStartDate: sd, eventStartTime: st, eventEndDate: ed, eventEndTime: et } = o;
  if (sd && ed && st && et && `${ed}T${et}` < `${sd}T${st}`)
    out.push('platformSpecificData event end is before its start');
  return out;
};
