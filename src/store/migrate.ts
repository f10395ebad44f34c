/**
 * Runs the migrations in src/store/migrations (files named NNNN_description.ts,
 * applied in name order). Each file exports `up(db)` written with Kysely's schema
 * builder so one file serves SQLite and PostgreSQL.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Store } from './db.ts';
import type { Database } from './schema.ts';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

class DirectoryProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const names = readdirSync(MIGRATIONS_DIR)
      .filter((f) => /^\d{4}_.+\.ts$/.test(f) && !f.endsWith('.test.ts'))
      .sort();
    const out: Record<string, Migration> = {};
    for (const name of names) {
      out[name.replace(/\.ts$/, '')] = (await import(
        pathToFileURL(join(MIGRATIONS_DIR, name)).href
      )) as Migration;
    }
    return out;
  }
}

/** Brings the schema up to date; returns the names of the migrations it applied. */
export async function migrateToLatest(store: Store): Promise<string[]> {
  // A migration may rewrite a large table: it runs in maintenance scope, with no statement deadline.
  return store.maintenance((db) => migrateWith(db, store.dialect));
}

async function migrateWith(db: Kysely<Database>, dialect: Store['dialect']): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one;
  // name ours so databases holding several schemas (tests, shared servers) stay apart.
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: new DirectoryProvider(),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  let { error, results } = await migrator.migrateToLatest();
  // Kysely checks for its tables by introspecting every schema; when another schema is
  // dropped during that query (a parallel test run cleaning up), PostgreSQL answers
  // that the other schema, or one of its tables, does not exist. Nothing was applied: try again.
  for (let retry = 0; retry < 5 && error && isOtherSchemaGone(error, schema); retry++) {
    await new Promise((r) => setTimeout(r, 50 * (retry + 1)));
    ({ error, results } = await migrator.migrateToLatest());
  }
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? String(error)}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * The introspection read every schema's tables while another schema (or one of its
 * tables) was being dropped: PostgreSQL names the other schema, or a relation in it
 * (`relation "other.table" does not exist`, from the `pg_get_serial_sequence` that
 * Kysely's introspector asks of each column), in its error.
 */
export function isOtherSchemaGone(error: unknown, own: string | undefined): boolean {
  const message = (error as Error)?.message ?? '';
  const match =
    /schema "([^"]+)" does not exist/.exec(message) ??
    /relation "([^".]+)\.[^"]+" does not exist/.exec(message);
  return match !== null && match[1] !== own;
}
