/**
 * Group commit on its own, on SQLite and PostgreSQL: concurrent items share one
 * transaction, an item refused by the batch fails alone while the others commit,
 * and a batch that breaks as a whole is retried item by item so only the item
 * that breaks it fails and nothing of it is stored. Kinds that share transactions
 * commit the batches waiting together once, and a failure stays with its kind.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, it } from 'node:test';
import { sql } from 'kysely';
import { createPgSchema, forEachDatabase, PG_URL } from '../../test/harness.ts';
import { openStore, type Store } from './db.ts';
import { type BatchWork, GroupCommit } from './group-commit.ts';

forEachDatabase('group commit', (dialect) => {
  let store: Store;
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sps-group-'));
    const schema = dialect === 'postgres' ? await createPgSchema() : null;
    drop = schema?.drop;
    store = openStore({
      databaseUrl: dialect === 'postgres' ? PG_URL : undefined,
      dataDir,
      ...(schema ? { pgSchema: schema.schema } : {}),
    });
    await sql`create table items (id text primary key, value integer not null)`.execute(store.db);
  });
  after(async () => {
    await store.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await sql`delete from items`.execute(store.db);
  });

  const stored = async () =>
    (await sql<{ id: string }>`select id from items order by id`.execute(store.db)).rows.map((r) => r.id);

  interface Item {
    id: string;
    value: number;
  }
  /** Inserts every item with a value ≥ 0 in one statement; a negative value is refused for that item alone. */
  const insertAll: BatchWork<Item, string> = async (trx, items) => {
    const ok = items.filter((i) => i.value >= 0);
    if (ok.length > 0)
      await sql`insert into items (id, value) values ${sql.join(ok.map((i) => sql`(${i.id}, ${i.value})`))}`.execute(
        trx,
      );
    return items.map((i) =>
      i.value >= 0
        ? { ok: true, value: `stored ${i.id}` }
        : { ok: false, error: new Error(`refused ${i.id}`) },
    );
  };

  it('items submitted together share one transaction and each gets its own answer', async () => {
    const sizes: number[] = [];
    const g = new GroupCommit<Item, string>(
      store.db,
      (trx, items) => {
        sizes.push(items.length);
        return insertAll(trx, items);
      },
      { maxBatch: 50 },
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => g.submit({ id: `a${String(i).padStart(2, '0')}`, value: i })),
    );
    assert.deepEqual(sizes, [20]);
    assert.equal(answers[7], 'stored a07');
    assert.equal((await stored()).length, 20);
  });

  it('never puts more than maxBatch items in one transaction', async () => {
    const sizes: number[] = [];
    const g = new GroupCommit<Item, string>(
      store.db,
      (trx, items) => {
        sizes.push(items.length);
        return insertAll(trx, items);
      },
      { maxBatch: 8 },
    );
    await Promise.all(Array.from({ length: 20 }, (_, i) => g.submit({ id: `b${i}`, value: i })));
    assert.deepEqual(sizes, [8, 8, 4]);
    assert.equal((await stored()).length, 20);
  });

  it('an item the batch refuses fails alone; the others are committed', async () => {
    const g = new GroupCommit<Item, string>(store.db, insertAll, { maxBatch: 50 });
    const results = await Promise.allSettled([
      g.submit({ id: 'c1', value: 1 }),
      g.submit({ id: 'c2', value: -1 }),
      g.submit({ id: 'c3', value: 3 }),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    assert.match(String((results[1] as PromiseRejectedResult).reason), /refused c2/);
    assert.deepEqual(await stored(), ['c1', 'c3']);
  });

  it('a batch that breaks as a whole is retried item by item: only the breaking item fails, and nothing of it is stored', async () => {
    const attempts: string[][] = [];
    const g = new GroupCommit<Item, string>(
      store.db,
      async (trx, items) => {
        attempts.push(items.map((i) => i.id));
        const outcomes = await insertAll(trx, items);
        // The duplicate id violates the primary key only after the others were written.
        if (items.some((i) => i.id === 'd2'))
          await sql`insert into items (id, value) values (${'d1'}, ${0})`.execute(trx);
        return outcomes;
      },
      { maxBatch: 50 },
    );
    const results = await Promise.allSettled([
      g.submit({ id: 'd1', value: 1 }),
      g.submit({ id: 'd2', value: 2 }),
      g.submit({ id: 'd3', value: 3 }),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    assert.deepEqual(attempts, [['d1', 'd2', 'd3'], ['d1'], ['d2'], ['d3']]);
    assert.deepEqual(await stored(), ['d1', 'd3']);
  });

  it('items submitted while a batch commits go into the next one, none is left behind', async () => {
    const g = new GroupCommit<Item, string>(store.db, insertAll, { maxBatch: 4, parallel: 2 });
    const first = Array.from({ length: 10 }, (_, i) => g.submit({ id: `e${i}`, value: i }));
    await new Promise((r) => setImmediate(r));
    const second = Array.from({ length: 10 }, (_, i) => g.submit({ id: `f${i}`, value: i }));
    await Promise.all([...first, ...second]);
    assert.equal((await stored()).length, 20);
    assert.equal(g.waiting, 0);
  });

  it('kinds that share transactions and wait at one moment are committed in one transaction', async () => {
    const transactions: unknown[] = [];
    const kind = () =>
      new GroupCommit<Item, string>(
        store.db,
        (trx, items) => {
          transactions.push(trx);
          return insertAll(trx, items);
        },
        { maxBatch: 50, shareTransactions: true },
      );
    const starts = kind();
    const settles = kind();
    const answers = await Promise.all([
      starts.submit({ id: 'g1', value: 1 }),
      settles.submit({ id: 'g2', value: 2 }),
      starts.submit({ id: 'g3', value: 3 }),
    ]);
    assert.deepEqual(answers, ['stored g1', 'stored g2', 'stored g3']);
    assert.equal(transactions.length, 2);
    assert.equal(transactions[0], transactions[1]);
    assert.deepEqual(await stored(), ['g1', 'g2', 'g3']);
  });

  it('when a shared transaction breaks, each kind runs again alone and only the breaking item fails', async () => {
    const attempts: string[][] = [];
    const good = new GroupCommit<Item, string>(
      store.db,
      (trx, items) => {
        attempts.push(items.map((i) => i.id));
        return insertAll(trx, items);
      },
      { maxBatch: 50, shareTransactions: true },
    );
    const breaking = new GroupCommit<Item, string>(
      store.db,
      async (trx, items) => {
        attempts.push(items.map((i) => i.id));
        const outcomes = await insertAll(trx, items);
        // h3 writes h1 again: a primary key violation that breaks whatever transaction it is in.
        if (items.some((i) => i.id === 'h3'))
          await sql`insert into items (id, value) values (${'h1'}, ${0})`.execute(trx);
        return outcomes;
      },
      { maxBatch: 50, shareTransactions: true },
    );
    const results = await Promise.allSettled([
      good.submit({ id: 'h1', value: 1 }),
      breaking.submit({ id: 'h2', value: 2 }),
      breaking.submit({ id: 'h3', value: 3 }),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'fulfilled', 'rejected'],
    );
    // Together, then each kind alone, then the breaking kind item by item.
    assert.deepEqual(attempts, [['h1'], ['h2', 'h3'], ['h1'], ['h2', 'h3'], ['h2'], ['h3']]);
    assert.deepEqual(await stored(), ['h1', 'h2']);
  });
});
