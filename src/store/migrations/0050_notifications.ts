import type { Kysely } from 'kysely';

/** Notification subscriptions, deliveries (one per event and subscription) and their attempts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('profile_id', 'text')
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('only_scheduled_posts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('webhook_url', 'text')
    .addColumn('webhook_secret_enc', 'text')
    .addColumn('email_recipients', 'text')
    .addColumn('last_test_at', 'text')
    .addColumn('last_test_status', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notification_subscriptions_project')
    .on('notification_subscriptions')
    .columns(['project_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('notification_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('subscription_id', 'text', (c) =>
      c.notNull().references('notification_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  // One delivery per event and subscription, whoever dispatches the event and however often.
  await db.schema
    .createIndex('notification_deliveries_event_sub')
    .on('notification_deliveries')
    .columns(['event_id', 'subscription_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('notification_deliveries_sub')
    .on('notification_deliveries')
    .columns(['subscription_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('notification_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('delivery_id', 'text', (c) =>
      c.notNull().references('notification_deliveries.id').onDelete('cascade'),
    )
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('notification_attempts_delivery')
    .on('notification_attempts')
    .columns(['delivery_id', 'attempt'])
    .execute();

  await db.schema
    .createTable('notification_dispatched')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('dispatched_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'notification_dispatched',
    'notification_attempts',
    'notification_deliveries',
    'notification_subscriptions',
  ])
    await db.schema.dropTable(t).execute();
}
