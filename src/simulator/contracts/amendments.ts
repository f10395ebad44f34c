/**
 * Amendments: where a platform's reference page says more than the description we
 * copied (a value list Meta's codegen types as a bare string, a field required only
 * for one kind of post), a small file under `amendments/` says so, with the page and
 * the day it was read, and changes the description on load. The copied description
 * stays as published, so refreshing it from its source never loses an amendment
 * silently: an amendment whose place moved fails the load.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Contract } from './types.ts';

/** One change: `add` a member that is not there (or `-` appends to a list), `replace` one that is. */
export interface AmendmentChange {
  op: 'add' | 'replace';
  /** JSON pointer into the contract file (`/operations/page.feed.create/query/properties/x`). */
  pointer: string;
  value: unknown;
}

/** One amendment file: `amendments/<platform>.<what>.json`. */
export interface AmendmentFile {
  platform: string;
  /** The platform's own page that says so (https URL). */
  source: string;
  /** When the page was read (YYYY-MM-DD). */
  read: string;
  /** What the page says, in our words. */
  says: string;
  changes: AmendmentChange[];
}

const folder = new URL('./amendments/', import.meta.url);

/** Every amendment file, by platform (file name order, so a later one may build on an earlier one). */
export function loadAmendments(): Map<string, (AmendmentFile & { file: string })[]> {
  const out = new Map<string, (AmendmentFile & { file: string })[]>();
  for (const file of readdirSync(folder)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const a = JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as AmendmentFile;
    if (!file.startsWith(`${a.platform}.`))
      throw new Error(`amendment ${file}: the file name must start with its platform (${a.platform}.)`);
    out.set(a.platform, [...(out.get(a.platform) ?? []), { ...a, file }]);
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** Applies one file's changes to a contract (in place). */
export function applyAmendment(contract: Contract, a: AmendmentFile & { file?: string }): void {
  for (const c of a.changes) {
    const parts = c.pointer
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = parts.pop();
    let at: unknown = contract;
    for (const p of parts)
      at = isObject(at) || Array.isArray(at) ? (at as Record<string, unknown>)[p] : undefined;
    const fail = (why: string) => {
      throw new Error(
        `contract ${contract.platform}: amendment ${a.file ?? a.source} ${c.op} ${c.pointer}: ${why}`,
      );
    };
    if (last === undefined) fail('an empty pointer');
    if (Array.isArray(at) && last === '-' && c.op === 'add') at.push(c.value);
    else if (isObject(at)) {
      const present = Object.hasOwn(at, last!);
      if (c.op === 'add' && present) fail('is there already (say replace)');
      if (c.op === 'replace' && !present) fail('is not there (the description changed?)');
      at[last!] = c.value;
    } else fail('has no place to go');
  }
}
