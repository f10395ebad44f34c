import { type MigrationProvider, Migrator } from 'kysely';
import { openStore } from './src/store/db.ts';
import * as m1 from './src/store/migrations/0001_core.ts';
import * as m10 from './src/store/migrations/0010_posts.ts';
import { createPgSchema, PG_URL } from './test/harness.ts';

const s = await createPgSchema();
const store = openStore({ databaseUrl: PG_URL, dataDir: '/tmp', pgSchema: s.schema });
const provider: MigrationProvider = { getMigrations: async () => ({ '0001_core': m1, '0010_posts': m10 }) };
const r = await new Migrator({ db: store.db, provider }).migrateToLatest();
console.log(r.results, r.error);
await store.close();
await s.drop();
