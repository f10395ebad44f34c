/** One My Business v4 call for the connected location, with Google Business error reading. */
import type { AccountCredentials } from '../contract.ts';
import { type PlatformRequest, type PlatformResponse, platformCall } from '../shared/http.ts';
import { v4Root } from './account.ts';
import { readGoogleBusinessError } from './errors.ts';

export interface V4Target {
  baseUrl: string;
  account: AccountCredentials;
  signal: AbortSignal;
}

/** `path` is a resource name (`accounts/…/localPosts/…`), sent below `/v4/`. */
export function v4(
  t: V4Target,
  path: string,
  init: Omit<PlatformRequest, 'url' | 'signal' | 'readError' | 'bearer'>,
): Promise<PlatformResponse> {
  return platformCall({
    ...init,
    url: `${v4Root(t.baseUrl)}/${path}`,
    bearer: t.account.accessToken,
    signal: t.signal,
    readError: readGoogleBusinessError,
  });
}
