/**
 * What the Pinterest publisher reads from a connected account and a target: the
 * token (Bearer; nothing else of the account is needed), the
 * PinterestConfigurations, the checkpoint it keeps between runs, and the pin URL
 * as Pinterest builds it.
 */
import type { PublishContext } from '../contract.ts';
import { type PlatformRequest, type PlatformResponse, platformCall } from '../shared/http.ts';
import { readPinterestError } from './errors.ts';
import type { PinterestOptions } from './options.ts';

/** What publish saves between runs (and reconcile and delete read). */
export interface PinterestCheckpoint {
  /** The board was found and belongs to the account (checked once, before any upload). */
  boardChecked?: boolean;
  /** The registered and uploaded video (`POST /v5/media`, then the S3 upload). */
  mediaId?: string;
  /** The rule of Pinterest's video pins the uploaded file breaks by our probe, said if processing fails. */
  videoBreach?: string;
  /** Status reads of the video that answered it was still processing. */
  processingPolls?: number;
  /** When the create call was about to be sent (ISO): reconcile looks at pins from then on. */
  createAfter?: string;
}

export const pinterestOptions = (d: Record<string, unknown>) => d as Partial<PinterestOptions>;

/** `https://www.pinterest.com/pin/{id}/`. */
export const pinUrl = (id: string) => `https://www.pinterest.com/pin/${id}/`;

/** What a Pinterest API call needs from a publish or delete context. */
export type ApiTarget = Pick<PublishContext, 'baseUrl' | 'account' | 'signal'> &
  Partial<Pick<PublishContext, 'platformUrls'>>;

/** One call to `api.pinterest.com/v5/...` with the account's token and Pinterest's error reading. */
export function pinterestCall(
  t: ApiTarget,
  path: string,
  init: Omit<PlatformRequest, 'url' | 'signal' | 'readError' | 'bearer'>,
): Promise<PlatformResponse> {
  return platformCall({
    ...init,
    url: `${t.baseUrl.replace(/\/$/, '')}/v5/${path}`,
    bearer: t.account.accessToken,
    signal: t.signal,
    readError: readPinterestError,
  });
}
