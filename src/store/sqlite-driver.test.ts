/**
 * The SQLite adapter's connection: the write lock is held from `begin`, not from the
 * first write, and the page cache is larger than SQLite's default of 2 MB.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, describe, it } from 'node:test';
import { openSqlite } from './sqlite-driver.ts';

describe('SQLite connections', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sqlite-driver-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('take the write lock at begin, so another process can not write between a read and a write', () => {
    const path = join(dir, 'lock.sqlite');
    const ours = openSqlite(path);
    ours.prepare('create table t (n integer)').run([]);
    // Another process on the same file, not waiting for locks.
    const other = new DatabaseSync(path);
    other.exec('PRAGMA busy_timeout = 0');

    ours.prepare('begin').run([]);
    assert.equal(ours.prepare('select count(*) as c from t').all([])[0]?.c, 0);
    assert.throws(() => other.exec('insert into t values (1)'), /locked|busy/i);
    ours.prepare('insert into t values (2)').run([]);
    ours.prepare('commit').run([]);

    other.exec('insert into t values (3)');
    assert.deepEqual(
      ours
        .prepare('select n from t order by n')
        .all([])
        .map((r) => r.n),
      [2, 3],
    );
    other.close();
    ours.close();
  });

  it('keep a 16 MB page cache on every connection (lists at a million posts read hundreds of pages each)', () => {
    const db = openSqlite(join(dir, 'cache.sqlite'));
    assert.equal(db.prepare('pragma cache_size').all([])[0]?.cache_size, -16_384);
    db.close();
  });
});
