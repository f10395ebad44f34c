import type { Kysely } from 'kysely';

/** Posts, their targets, credits (ledger and per-project balance) and idempotency keys of post creation. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('media', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('scheduled_for', 'text')
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('was_scheduled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('raw_request', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('posts_project_created')
    .on('posts')
    .columns(['project_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('posts_project_status_due')
    .on('posts')
    .columns(['project_id', 'status', 'scheduled_for'])
    .execute();
  await db.schema.createIndex('posts_status_due').on('posts').columns(['status', 'scheduled_for']).execute();

  await db.schema
    .createTable('post_targets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('integration_id', 'text', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('platform_specific_data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('platform_post_id', 'text')
    .addColumn('platform_post_url', 'text')
    .addColumn('published_at', 'text')
    .addColumn('error_message', 'text')
    .addColumn('warning_message', 'text')
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checkpoint', 'text')
    .addColumn('ledger', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('post_targets_post')
    .on('post_targets')
    .columns(['post_id', 'position'])
    .execute();
  await db.schema
    .createIndex('post_targets_project_platform')
    .on('post_targets')
    .columns(['project_id', 'platform', 'post_id'])
    .execute();
  await db.schema
    .createIndex('post_targets_integration')
    .on('post_targets')
    .columns(['project_id', 'integration_id'])
    .execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('monthly_part', 'integer', (c) => c.notNull())
    .addColumn('purchased_part', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text')
    .addColumn('target_id', 'text')
    .addColumn('profile_id', 'text')
    .addColumn('integration_id', 'text')
    .addColumn('platform', 'text')
    .addColumn('refund_of', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_ledger_project_month')
    .on('credit_ledger')
    .columns(['project_id', 'month'])
    .execute();
  await db.schema
    .createIndex('credit_ledger_target')
    .on('credit_ledger')
    .columns(['project_id', 'target_id'])
    .execute();

  await db.schema
    .createTable('credit_balances')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('monthly_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('purchased_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('purchased_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['project_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['idempotency_keys', 'credit_balances', 'credit_ledger', 'post_targets', 'posts'])
    await db.schema.dropTable(t).execute();
}
