/**
 * The node-postgres pool as Kysely's PostgresDialect takes it, with every query
 * made through node-postgres's callback form.
 *
 * With its promise form (`client.query(sql, params)` and no callback, what Kysely
 * calls), most of each result was still reachable at the next scavenge, so the
 * young generation copied it and then promoted it. Measured on a loop of one Kysely
 * select of 100 post rows: about 20 MB survived each scavenge (21 ms pauses) with
 * the promise form, 47 KB (1.2 ms) with the callback form, for the same queries.
 * Under the list endpoints this was a 13 to 30 ms pause every few hundred
 * milliseconds: most of their p99 on PostgreSQL (docs/benchmarks-list.md).
 */
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { mustRecycleConnection } from './unavailable.ts';

export function callbackQueryPool(pool: pg.Pool): PostgresPool {
  // Kysely keeps one connection object per client it is given: the same wrapper each time.
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let w = wrapped.get(client);
      if (!w) {
        w = wrapClient(client);
        wrapped.set(client, w);
      }
      return w;
    },
    end: () => pool.end(),
  };
}

/**
 * A connection that failed in a way that leaves it unusable (lost, timed out with
 * its statement still on the wire, stuck in a read-only session the server has
 * since left) is abandoned: what else was about to run on it (a transaction's
 * ROLLBACK) fails at once instead of waiting behind the lost statement, and the
 * pool closes it on release instead of lending it again. The next checkout opens
 * a fresh connection, which reads the server's current settings.
 */
function wrapClient(client: pg.PoolClient): PostgresPoolClient {
  let abandoned: Error | null = null;
  const abandon = (err: Error) => {
    abandoned ??= err;
    // A statement whose answer never came (a stalled or dropped network path) still owns the
    // socket: close it, so nothing else queues behind it.
    if (/Query read timeout/.test(err.message))
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  };
  const query = (sqlOrCursor: string | PostgresCursor<unknown>, parameters?: ReadonlyArray<unknown>) => {
    // A cursor (streamed results) is a query object of its own: passed on as it is.
    if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never);
    return new Promise<PostgresQueryResult<unknown>>((resolve, reject) => {
      if (abandoned) {
        reject(new Error(`The connection to the database was abandoned after: ${abandoned.message}`));
        return;
      }
      client.query(sqlOrCursor, parameters as unknown[], (err, res) => {
        if (!err) return resolve(res as unknown as PostgresQueryResult<unknown>);
        if (mustRecycleConnection(err)) abandon(err);
        reject(err);
      });
    });
  };
  return {
    query: query as PostgresPoolClient['query'],
    release: () => client.release(abandoned ?? undefined),
  };
}
