/** One Graph API call for a Page, with the pinned version and Graph error reading. */
import type { AccountCredentials } from '../contract.ts';
import { type PlatformRequest, type PlatformResponse, platformCall } from '../shared/http.ts';
import { authHeader, graphBase } from './account.ts';
import { readGraphError } from './errors.ts';

export interface GraphTarget {
  baseUrl: string;
  account: AccountCredentials;
  signal: AbortSignal;
}

export function graph(
  t: GraphTarget,
  path: string,
  init: Omit<PlatformRequest, 'url' | 'signal' | 'readError'>,
): Promise<PlatformResponse> {
  return platformCall({
    ...init,
    url: `${graphBase(t.baseUrl)}/${path}`,
    headers: { ...authHeader(t.account), ...init.headers },
    signal: t.signal,
    readError: readGraphError,
  });
}

/** Multipart fields plus a file part (`source`) read from disk while sent. */
export function multipart(fields: Record<string, string>, file?: { blob: Blob; name: string }): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('source', file.blob, file.name);
  return form;
}
