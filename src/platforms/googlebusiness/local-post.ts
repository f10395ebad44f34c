/**
 * GoogleBusinessConfigurations → the v4 LocalPost body. Pure, so every rule is
 * tested without the network.
 * - STANDARD: summary, the photo, the call to action.
 * - EVENT: plus `event` with its title and the four-part schedule, dates as
 *   `{year, month, day}` and times as `{hours, minutes}` with no time zone (Google's
 *   schedule has none: the times are the location's local times, sent as given).
 * - OFFER: `event` gives the offer's title and period, `offer` the coupon code,
 *   redeem URL and terms. Google ignores a call to action on an offer (it shows
 *   its own offer button), so none is sent and the result says so. An offer without
 *   event fields gets a title from the text's first line and runs from today
 *   (00:00) for OFFER_DAYS days, since Google refuses an offer without a period.
 * - CALL sends no URL (Google calls the profile's phone). GET_OFFER is gone from
 *   Google's action types: it is sent as LEARN_MORE to the same URL, with a warning.
 * - Offer fields on a STANDARD or EVENT post are refused by Google: left out, with a warning.
 */
import type { TargetInput } from '../contract.ts';

export interface GoogleBusinessOptions {
  topicType?: 'STANDARD' | 'EVENT' | 'OFFER';
  callToActionType?: 'BOOK' | 'ORDER' | 'SHOP' | 'LEARN_MORE' | 'SIGN_UP' | 'CALL' | 'GET_OFFER';
  callToActionUrl?: string;
  eventTitle?: string;
  eventStartDate?: string;
  eventStartTime?: string;
  eventEndDate?: string;
  eventEndTime?: string;
  offerCouponCode?: string;
  offerRedeemOnlineUrl?: string;
  offerTermsConditions?: string;
}

/** Our offer fields and Google's names for them. */
const OFFER_FIELDS = [
  ['offerCouponCode', 'couponCode'],
  ['offerRedeemOnlineUrl', 'redeemOnlineUrl'],
  ['offerTermsConditions', 'termsConditions'],
] as const;

/** How long an offer without dates runs. */
export const OFFER_DAYS = 30;
/** Google's longest event title (longer ones are refused with "Must be at most 58 characters"). */
const TITLE_MAX = 58;

export interface LocalPostBody {
  body: Record<string, unknown>;
  /** What was sent differently from what was asked, for the result's warningMessage. */
  warnings: string[];
}

const date = (ymd: string) => {
  const [year, month, day] = ymd.split('-').map(Number);
  return { year, month, day };
};
const time = (hm: string) => {
  const [hours, minutes] = hm.split(':').map(Number);
  return { hours, minutes, seconds: 0, nanos: 0 };
};
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The first line of the text, cut to Google's title length. */
function titleFrom(text: string): string {
  const line =
    text
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ?? 'Offer';
  return [...line].slice(0, TITLE_MAX).join('');
}

export function buildLocalPost(target: TargetInput, now: Date): LocalPostBody {
  const o = target.platformSpecificData as GoogleBusinessOptions;
  const topicType = o.topicType ?? 'STANDARD';
  const warnings: string[] = [];
  const body: Record<string, unknown> = { topicType };
  if (target.content) body.summary = target.content;
  const photo = target.mediaItems.find((m) => m.type === 'image');
  if (photo) body.media = [{ mediaFormat: 'PHOTO', sourceUrl: photo.url }];

  if (o.callToActionType && topicType === 'OFFER')
    warnings.push(
      `callToActionType ${o.callToActionType} was not sent: Google shows its own button on OFFER posts`,
    );
  else if (o.callToActionType === 'CALL') body.callToAction = { actionType: 'CALL' };
  else if (o.callToActionType) {
    const actionType = o.callToActionType === 'GET_OFFER' ? 'LEARN_MORE' : o.callToActionType;
    if (actionType !== o.callToActionType)
      warnings.push('callToActionType GET_OFFER was sent as LEARN_MORE: Google no longer offers GET_OFFER');
    body.callToAction = { actionType, url: o.callToActionUrl };
  }

  if (topicType === 'EVENT' || topicType === 'OFFER') {
    const today = isoDay(now);
    const startDate = o.eventStartDate ?? today;
    const endDate =
      o.eventEndDate ?? isoDay(new Date(Date.parse(`${startDate}T00:00:00Z`) + OFFER_DAYS * 86_400_000));
    body.event = {
      title: o.eventTitle ?? titleFrom(target.content),
      schedule: {
        startDate: date(startDate),
        startTime: time(o.eventStartTime ?? '00:00'),
        endDate: date(endDate),
        endTime: time(o.eventEndTime ?? '23:59'),
      },
    };
  }

  const given = OFFER_FIELDS.filter(([field]) => o[field] !== undefined);
  if (topicType === 'OFFER') body.offer = Object.fromEntries(given.map(([field, key]) => [key, o[field]]));
  else if (given.length)
    warnings.push(
      `${given.map(([field]) => field).join(', ')} not sent: Google takes offer details on OFFER posts only`,
    );
  return { body, warnings };
}
