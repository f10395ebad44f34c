/**
 * A PostgreSQL schema of the benchmark's own, so a run never touches other data on
 * the server and leaves nothing behind: created at the start, dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface BenchSchema {
  name: string;
  drop(): Promise<void>;
}

async function run(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

export async function createBenchSchema(url: string): Promise<BenchSchema> {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  await run(url, `create schema ${name}`);
  return { name, drop: () => run(url, `drop schema if exists ${name} cascade`) };
}
