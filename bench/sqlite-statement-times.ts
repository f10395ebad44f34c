/**
 * Where a process's SQLite time goes, statement by statement. Preload it into any
 * benchmark (worker processes and threads inherit NODE_OPTIONS):
 *
 *   NODE_OPTIONS="--import ./bench/sqlite-statement-times.ts" npm run bench:spike
 *
 * Every 2 s each process that ran a statement rewrites
 * `$TMPDIR/sqlite-statements-<pid>.txt`: per statement text (lists of values folded to
 * `(…)`), the total time, the calls, the time per call and the rows read or changed,
 * the largest first. It wraps `node:sqlite`'s StatementSync, so it measures SQLite's
 * own work (and a commit's writing of the WAL), not the query building around it.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatementSync } from 'node:sqlite';

interface Sum {
  calls: number;
  ms: number;
  rows: number;
}
const sums = new Map<string, Sum>();
const CONTROL = /^(begin|commit|rollback|savepoint|release)\b/i;
/** A statement's text with its lists of values folded to `(…)`, once per text. */
const shapes = new Map<string, string>();
const shapeOf = (sql: string) => {
  let shape = shapes.get(sql);
  if (shape === undefined) {
    shape = sql
      .replace(/\(\?[^)]*\)(, \(\?[^)]*\))*/g, '(…)')
      .replace(/\?(, \?)+/g, '?…')
      .slice(0, 120);
    shapes.set(sql, shape);
  }
  return shape;
};

type Method = (this: StatementSync, ...args: unknown[]) => unknown;
for (const name of ['run', 'all', 'get'] as const) {
  const original = StatementSync.prototype[name] as Method;
  (StatementSync.prototype as unknown as Record<string, Method>)[name] = function (
    this: StatementSync,
    ...args
  ) {
    const started = performance.now();
    let result: unknown;
    try {
      result = original.apply(this, args);
      return result;
    } finally {
      // Read the clock first: folding the statement's text is this tool's work, not SQLite's.
      const ms = performance.now() - started;
      const key = shapeOf(this.sourceSQL);
      const sum = sums.get(key) ?? { calls: 0, ms: 0, rows: 0 };
      sum.calls++;
      sum.ms += ms;
      // A commit's `changes` is the last statement's count again: only statements count rows.
      if (!CONTROL.test(key))
        sum.rows += Array.isArray(result)
          ? result.length
          : Number((result as { changes?: number } | undefined)?.changes ?? (result ? 1 : 0));
      sums.set(key, sum);
    }
  };
}

const started = performance.now();
const file = join(tmpdir(), `sqlite-statements-${process.pid}.txt`);
setInterval(() => {
  if (sums.size === 0) return;
  const ranked = [...sums].sort((a, b) => b[1].ms - a[1].ms);
  const total = ranked.reduce((t, [, s]) => t + s.ms, 0);
  const lines = [
    `${((performance.now() - started) / 1000).toFixed(1)} s since start, ${(total / 1000).toFixed(2)} s in SQLite`,
    ...ranked
      .slice(0, 40)
      .map(
        ([sql, s]) =>
          `${s.ms.toFixed(0).padStart(7)} ms ${String(s.calls).padStart(7)} calls ${((s.ms * 1000) / s.calls).toFixed(0).padStart(6)} µs ${String(s.rows).padStart(8)} rows  ${sql}`,
      ),
  ];
  writeFileSync(file, `${lines.join('\n')}\n`);
}, 2000).unref();
