/**
 * The shared rate limit on PostgreSQL, two api processes' stores (each its own leases)
 * on one database: the budget is never exceeded, little of it is lost to leases held
 * unspent, and the row is written once per lease, not once per request.
 * (test/rate-limit-shared.test.ts proves the same limit across real processes.)
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { KyselyPlugin } from 'kysely';
import { PG_SKIP, startTestService, type TestService } from '../../test/harness.ts';
import type { Store } from '../store/db.ts';
import { LEASE_MAX, sharedRateLimitStore } from './rate-limit-store.ts';

interface Counted {
  current: number;
  ttl: number;
}

/** A store whose statements on rate_limits are counted. */
function counting(store: Store): { store: Store; statements: () => number } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      if (args.node.kind === 'InsertQueryNode') n++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { store: { ...store, db: store.db.withPlugin(plugin) }, statements: () => n };
}

type Limiter = InstanceType<ReturnType<typeof sharedRateLimitStore>>;

function incr(limiter: Limiter, key: string, windowMs: number, max: number): Promise<Counted> {
  return new Promise((resolve, reject) =>
    limiter.incr(
      key,
      (err: Error | null, res?: Counted) => (err ? reject(err) : resolve(res as Counted)),
      windowMs,
      max,
    ),
  );
}

describe('the shared rate-limit store on PostgreSQL', { skip: PG_SKIP }, () => {
  let t: TestService;
  before(async () => {
    t = await startTestService('postgres');
  });
  after(() => t.close());

  it('hands out at most the limit across two processes, in leases, and refuses the rest', async () => {
    const MAX = 1_000;
    const a = counting(t.ctx.store);
    const b = counting(t.ctx.store);
    const A = new (sharedRateLimitStore(a.store))();
    const B = new (sharedRateLimitStore(b.store))();
    // 1,500 requests at once, alternating between the two processes.
    const answers = await Promise.all(
      Array.from({ length: 1_500 }, (_, i) => incr(i % 2 ? B : A, 'k:burst', 60_000, MAX)),
    );
    const allowed = answers.filter((r) => r.current <= MAX).length;
    assert.ok(allowed <= MAX, `never more than the limit (${allowed})`);
    // What one process may hold unspent when the other is refused: its last lease at most.
    assert.ok(allowed >= MAX - 2 * LEASE_MAX, `little of the budget lost to unspent leases (${allowed})`);
    const statements = a.statements() + b.statements();
    assert.ok(statements < 200, `one statement per lease, not per request (${statements} for 1,500)`);
    for (const r of answers) assert.ok(r.ttl > 0 && r.ttl <= 60_000);

    // Refused in memory once the row says the budget is spent: no statement more.
    const before = statements;
    const late = await incr(A, 'k:burst', 60_000, MAX);
    assert.ok(late.current > MAX);
    assert.equal(a.statements() + b.statements(), before);
  });

  it('counts exactly when every request takes its own lease (a small limit)', async () => {
    const A = new (sharedRateLimitStore(t.ctx.store))();
    const B = new (sharedRateLimitStore(t.ctx.store))();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => incr(i % 2 ? B : A, 'k:small', 60_000, 5)),
    );
    assert.equal(answers.filter((r) => r.current <= 5).length, 5);
  });

  it('starts a new window, with a new budget, once the old one is over', async () => {
    const A = new (sharedRateLimitStore(t.ctx.store))();
    const B = new (sharedRateLimitStore(t.ctx.store))();
    const windowMs = 3_000;
    const first = await Promise.all(
      Array.from({ length: 4 }, (_, i) => incr(i % 2 ? B : A, 'k:window', windowMs, 2)),
    );
    assert.equal(first.filter((r) => r.current <= 2).length, 2);
    const wait = Math.max(...first.map((r) => r.ttl)) + 50;
    await new Promise((r) => setTimeout(r, wait));
    const second = await Promise.all(
      Array.from({ length: 4 }, (_, i) => incr(i % 2 ? B : A, 'k:window', windowMs, 2)),
    );
    assert.equal(second.filter((r) => r.current <= 2).length, 2);
  });

  it('gives each key its own budget', async () => {
    const A = new (sharedRateLimitStore(t.ctx.store))();
    for (const key of ['k:one', 'k:two', 'ip:127.0.0.1']) {
      const answers = await Promise.all(Array.from({ length: 5 }, () => incr(A, key, 60_000, 3)));
      assert.equal(answers.filter((r) => r.current <= 3).length, 3, key);
    }
  });
});
