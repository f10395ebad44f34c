/** One XRPC call to the account's PDS (or another atproto service) with Bluesky's error reading. */
import type { AccountCredentials } from '../contract.ts';
import { type PlatformRequest, type PlatformResponse, platformCall } from '../shared/http.ts';
import { authHeader } from './account.ts';
import { readBlueskyError } from './errors.ts';

export interface XrpcTarget {
  service: string;
  account: AccountCredentials;
  signal: AbortSignal;
}

export function xrpc(
  t: XrpcTarget,
  method: string,
  init: Omit<PlatformRequest, 'url' | 'signal' | 'readError'>,
): Promise<PlatformResponse> {
  return platformCall({
    ...init,
    url: `${t.service}/xrpc/${method}`,
    headers: { ...authHeader(t.account), ...init.headers },
    signal: t.signal,
    readError: (r) => readBlueskyError(r),
  });
}
