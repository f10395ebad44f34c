/** Coalesced reads: keys asked for at one moment are loaded by one query; answers and errors reach each caller. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Kysely } from 'kysely';
import { coalescedReads } from './coalesced-read.ts';
import type { Database } from './schema.ts';

const db = {} as Kysely<Database>;

it('reads asked for at the same moment share one load, duplicates included; a missing key answers undefined', async () => {
  const loads: string[][] = [];
  const read = coalescedReads<string>(async (_db, keys) => {
    loads.push([...keys].sort());
    return new Map(keys.filter((k) => k !== 'gone').map((k) => [k, `row ${k}`]));
  });
  const answers = await Promise.all([read(db, 'a'), read(db, 'b'), read(db, 'a'), read(db, 'gone')]);
  assert.deepEqual(answers, ['row a', 'row b', 'row a', undefined]);
  assert.deepEqual(loads, [['a', 'b', 'gone']]);
  // A read asked for after that load is loaded afresh.
  assert.equal(await read(db, 'a'), 'row a');
  assert.equal(loads.length, 2);
});

it('a failed load fails the reads it carried, and the next read loads again', async () => {
  let fail = true;
  const read = coalescedReads<string>(async (_db, keys) => {
    if (fail) throw new Error('database unavailable');
    return new Map(keys.map((k) => [k, k]));
  });
  const results = await Promise.allSettled([read(db, 'x'), read(db, 'y')]);
  assert.deepEqual(
    results.map((r) => r.status),
    ['rejected', 'rejected'],
  );
  fail = false;
  assert.equal(await read(db, 'x'), 'x');
});
