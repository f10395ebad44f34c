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

function wrapClient(client: pg.PoolClient): PostgresPoolClient {
  const query = (sqlOrCursor: string | PostgresCursor<unknown>, parameters?: ReadonlyArray<unknown>) => {
    // A cursor (streamed results) is a query object of its own: passed on as it is.
    if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never);
    return new Promise<PostgresQueryResult<unknown>>((resolve, reject) => {
      client.query(sqlOrCursor, parameters as unknown[], (err, res) =>
        err ? reject(err) : resolve(res as unknown as PostgresQueryResult<unknown>),
      );
    });
  };
  return { query: query as PostgresPoolClient['query'], release: () => client.release() };
}
