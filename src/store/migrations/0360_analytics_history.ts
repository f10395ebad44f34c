/**
 * Analytics with a memory (DESIGN.md "History is ours, collected by a job"):
 * - account_snapshots: one row per account and UTC day with what its platform
 *   reported (followers, following, posts, impressions, views, reach), read by
 *   range per account and per project;
 * - target_snapshots: a published target's nine metric values at fixed ages
 *   after publishing (1 h … 30 d), one row per target and age;
 * - analytics_collection: when each account is next due for collection, and
 *   why its last collection failed;
 * - platform_spend: money the service's calls cost on a platform (X charges per
 *   post), one row per call that costs something, beside the credit ledger;
 * - platform_spend_caps: a monthly cap per project and platform.
 */
import type { Kysely } from 'kysely';

const METRIC_COLUMNS = ['impressions', 'reach', 'views', 'likes', 'comments', 'shares', 'saves', 'clicks'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_snapshots')
    .addColumn('integration_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('followers', 'bigint')
    .addColumn('following', 'bigint')
    .addColumn('posts', 'bigint')
    .addColumn('impressions', 'bigint')
    .addColumn('views', 'bigint')
    .addColumn('reach', 'bigint')
    .addColumn('collected_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_snapshots_pk', ['integration_id', 'day'])
    .execute();
  await db.schema
    .createIndex('account_snapshots_project_day')
    .on('account_snapshots')
    .columns(['project_id', 'day'])
    .execute();

  let targets = db.schema
    .createTable('target_snapshots')
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('age_hours', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull())
    .addColumn('integration_id', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull());
  for (const m of METRIC_COLUMNS) targets = targets.addColumn(m, 'bigint');
  await targets
    .addColumn('collected_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('target_snapshots_pk', ['target_id', 'age_hours'])
    .execute();
  await db.schema.createIndex('target_snapshots_post').on('target_snapshots').column('post_id').execute();
  await db.schema
    .createIndex('target_snapshots_project_published')
    .on('target_snapshots')
    .columns(['project_id', 'published_at'])
    .execute();
  await db.schema
    .createIndex('target_snapshots_collected')
    .on('target_snapshots')
    .column('collected_at')
    .execute();

  await db.schema
    .createTable('analytics_collection')
    .addColumn('integration_id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .addColumn('account_due_at', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('analytics_collection_next')
    .on('analytics_collection')
    .column('next_at')
    .execute();

  await db.schema
    .createTable('platform_spend')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('call_kind', 'text', (c) => c.notNull())
    .addColumn('integration_id', 'text')
    .addColumn('target_id', 'text')
    .addColumn('amount_micros', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('platform_spend_project_platform_month')
    .on('platform_spend')
    .columns(['project_id', 'platform', 'month'])
    .execute();

  await db.schema
    .createTable('platform_spend_caps')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('monthly_micros', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('platform_spend_caps_pk', ['project_id', 'platform'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'platform_spend_caps',
    'platform_spend',
    'analytics_collection',
    'target_snapshots',
    'account_snapshots',
  ])
    await db.schema.dropTable(t).execute();
}
