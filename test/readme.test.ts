/**
 * The README says only what works: its table of what each platform publishes is
 * checked against the platform registry, so a platform or option added, removed or
 * renamed in code fails here until the table says so too.
 */

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { PLATFORMS } from '../src/platforms/names.ts';
import { PLATFORM_MODULES } from '../src/platforms/registry.ts';
import { loadAmendments } from '../src/simulator/contracts/amendments.ts';
import { loadContracts } from '../src/simulator/contracts/check.ts';
import { loadRecordings } from '../src/simulator/contracts/recordings.ts';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The rows of the first table after `heading`, as cells. */
function tableAfter(heading: string): string[][] {
  const start = readme.indexOf(heading);
  assert.ok(start >= 0, `README has the section ${heading}`);
  const lines = readme.slice(start).split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
  }
  return rows.slice(2); // the header and its separator
}

describe('README: what each platform publishes', () => {
  const rows = tableAfter('## What each platform publishes');
  const header =
    readme
      .slice(readme.indexOf('## What each platform publishes'))
      .split('\n')
      .find((l) => l.startsWith('|')) ?? '';
  const columns = header
    .slice(1, -1)
    .split('|')
    .map((c) => c.trim());
  const optionsAt = columns.indexOf('options');

  it('has one row per platform, named as the platform calls itself', () => {
    assert.equal(rows.length, PLATFORMS.length);
    for (const p of PLATFORMS) {
      const name = PLATFORM_MODULES[p].displayName;
      assert.equal(rows.filter((r) => r[0]?.startsWith(name)).length, 1, `one row for ${name}`);
    }
  });

  it("lists each platform's options exactly as its module declares them", () => {
    assert.ok(optionsAt > 0, 'the table has an options column');
    for (const p of PLATFORMS) {
      const m = PLATFORM_MODULES[p];
      const row = rows.find((r) => r[0]?.startsWith(m.displayName)) as string[];
      assert.deepEqual(
        row[optionsAt]?.split(',').map((o) => o.trim()),
        Object.keys(m.options.properties),
        `${m.displayName} options`,
      );
    }
  });

  it('claims publishing only for platforms whose module publishes', () => {
    const count = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen'][PLATFORMS.length - 10];
    assert.match(readme, new RegExp(`All ${count} platforms publish`));
    for (const p of PLATFORMS) assert.ok(PLATFORM_MODULES[p].publisher, `${p} has a publisher`);
  });
});

describe("README: which platform API description each platform's code is checked against", () => {
  const rows = tableAfter("### Checked against the platforms' own API descriptions");
  const contracts = loadContracts();
  const amendments = loadAmendments();
  const recordings = loadRecordings();

  it('has one row per platform, naming the contract source where there is one', () => {
    assert.equal(rows.length, PLATFORMS.length);
    for (const p of PLATFORMS) {
      const name = PLATFORM_MODULES[p].displayName;
      const row = rows.find((r) => r[0]?.startsWith(name));
      assert.ok(row, `a row for ${name}`);
      const c = contracts.get(p);
      if (!c) {
        assert.match(row[1] ?? '', /^not yet/, `${name} has no contract file: the README must not claim one`);
        continue;
      }
      assert.ok(row[1]?.includes(c.source.repository), `${name}: names ${c.source.repository}`);
      assert.ok(row[1]?.includes(`\`${c.source.path}\``), `${name}: names ${c.source.path}`);
      assert.ok(row[1]?.includes(String(c.source.version)), `${name}: names version ${c.source.version}`);
      assert.ok(
        row[1]?.includes(c.source.revision.slice(0, 7)) || c.source.revision.startsWith('transcribed'),
        `${name}: revision`,
      );
      const amended = (amendments.get(p) ?? []).length > 0;
      assert.equal(
        !/^none/.test(row[2] ?? ''),
        amended,
        `${name}: the amendments column says whether there are any`,
      );
      for (const r of recordings.filter((x) => x.platform === p))
        assert.ok(
          row[4]?.includes(`${r.source.repository}`),
          `${name}: names the recordings of ${r.source.repository}`,
        );
      if (!recordings.some((x) => x.platform === p))
        assert.match(row[4] ?? '', /^none/, `${name}: no recordings claimed`);
    }
  });
});
