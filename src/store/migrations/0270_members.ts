import { type Kysely, sql } from 'kysely';

/**
 * People who sign in, and their memberships of projects. A person (one e-mail,
 * one password, one optional second factor) may belong to several projects, with
 * a role and an optional profile limit in each. Sessions, one-time tokens
 * (invitations, password resets, OIDC sign-in state) and the failed sign-in
 * counters live in the database, so every node sees the same ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('people')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Stored lower-cased: one person per address, whatever case it is typed in.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('totp_secret_enc', 'text')
    .addColumn('totp_pending_enc', 'text')
    .addColumn('recovery_codes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('profile_ids', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('members_project_person', ['project_id', 'person_id'])
    .execute();
  await db.schema.createIndex('members_person').on('members').column('person_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_person').on('sessions').column('person_id').execute();
  await db.schema.createIndex('sessions_member').on('sessions').column('member_id').execute();

  await db.schema
    .createTable('account_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    // invitation | password_reset | oidc_state
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('role', 'text')
    .addColumn('profile_ids', 'text')
    /** What the flow needs to finish (the OIDC code verifier and nonce), sealed. */
    .addColumn('data_enc', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('account_tokens_email').on('account_tokens').column('email').execute();

  await db.schema
    .createTable('sign_in_failures')
    // `email:<address>` or `ip:<address>`: an unknown e-mail is counted like a known one.
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .execute();

  await sql`insert into security_counters (name, value) values ('session_revocations', 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from security_counters where name = 'session_revocations'`.execute(db);
  await db.schema.dropTable('sign_in_failures').execute();
  await db.schema.dropTable('account_tokens').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('members').execute();
  await db.schema.dropTable('people').execute();
}
