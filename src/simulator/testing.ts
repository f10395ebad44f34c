/**
 * Helpers for tests that drive the simulator's OAuth pages over real HTTP.
 */
import { createHash, randomBytes } from 'node:crypto';

/** Parsed JSON answers in tests are read freely. */
// biome-ignore lint/suspicious/noExplicitAny: test code reads arbitrary JSON
export type Json = any;

export interface Pkce {
  verifier: string;
  challenge: string;
}

/** A fresh PKCE verifier and its S256 challenge. */
export const pkcePair = (): Pkce => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** GETs an authorize URL without following the redirect; returns the redirect target's query. */
export const followAuthorize = async (
  url: string,
): Promise<{ status: number; location: string | null; params: URLSearchParams }> => {
  const res = await fetch(url, { redirect: 'manual' });
  const location = res.headers.get('location');
  await res.body?.cancel();
  return {
    status: res.status,
    location,
    params: location ? new URL(location.replace(/#_$/, '')).searchParams : new URLSearchParams(),
  };
};

export const basicHeader = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${encodeURIComponent(user)}:${encodeURIComponent(password)}`).toString('base64')}`;

/** POSTs a form and returns status and parsed JSON. */
export const postForm = async (
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json; headers: Headers }> => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
};

/** GETs (or sends any method) and returns status, parsed JSON and headers. */
export const call = async (
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Json; headers: Headers }> => {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
};
