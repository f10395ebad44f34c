/**
 * A second witness beside the descriptions: real traffic of a platform, recorded by
 * a public client library's own test suite (tweepy's cassettes for X), kept trimmed
 * under `recordings/` with the repository, commit and paths it came from. The
 * descriptions say what a platform promises; a recording shows what it once did
 * answer and what a client that works sent. See README.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Platform } from '../../facts/platforms.ts';

export interface RecordedRequest {
  method: string;
  /** Below the platform's host (`/2/tweets`), as the contract's operations are. */
  path: string;
  query: Record<string, string>;
  contentType?: string;
  body?: unknown;
}

export interface RecordedAnswer {
  status: number;
  /** The headers kept (content type, location), names in lower case. */
  headers: Record<string, string>;
  body: unknown;
}

export interface Recording {
  platform: Platform;
  source: { repository: string; revision: string; paths: string[] };
  /** Whose traffic, and when it was recorded. */
  recorded: string;
  /** What was left out of the recorded exchanges, and why. */
  trimmed: string;
  /**
   * Where the recording and the description disagree (a field renamed since it was
   * recorded): each such problem named, with why, so the disagreement is visible and
   * can not grow unnoticed. The check still fails the adapters' own traffic for it.
   */
  differences?: { operation: string; side: 'request' | 'answer'; problem: string; why: string }[];
  /** By the contract operation each exchange is a call of. */
  interactions: Record<string, { cassette: string; request: RecordedRequest; response: RecordedAnswer }>;
}

const folder = new URL('./recordings/', import.meta.url);

/** Every recording file (`recordings/<platform>.<library>.json`). */
export function loadRecordings(): (Recording & { file: string })[] {
  return readdirSync(folder)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((file) => ({ ...(JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as Recording), file }));
}
