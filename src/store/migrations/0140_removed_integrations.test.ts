/**
 * Migration 0140 on a database that already has posts: a target whose integration
 * row is gone (disconnected before the table existed) gets its id noted once, and
 * targets on integrations that still exist get nothing.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Kysely } from 'kysely';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { addIntegration } from '../../../test/posts-fixtures.ts';
import { newTargetRow } from '../../domain/posts/target-row.ts';
import { up } from './0140_removed_integrations.ts';

forEachDatabase('migration 0140 notes the integrations already disconnected', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect);
  });
  after(() => t.close());

  it('fills removed_integrations from the targets whose integration has no row', async () => {
    const db = t.ctx.store.db;
    const kept = await addIntegration(t.ctx, t.projectId, 'twitter');
    const at = '2026-01-01T00:00:00.000Z';
    await db
      .insertInto('posts')
      .values({
        id: 'post_m140',
        project_id: t.projectId,
        content: 'x',
        media: '[]',
        status: 'published',
        scheduled_for: null,
        timezone: 'UTC',
        was_scheduled: 0,
        raw_request: '{}',
        created_at: at,
        updated_at: at,
      })
      .execute();
    // Two targets on the same vanished integration, one on an integration that exists.
    const targets = [
      ['int_vanished', 'twitter'],
      ['int_vanished', 'twitter'],
      [kept, 'twitter'],
    ] as const;
    for (const [position, [integrationId, platform]] of targets.entries())
      await db
        .insertInto('post_targets')
        .values(
          newTargetRow({
            id: `tgt_m140_${position}`,
            projectId: t.projectId,
            postId: 'post_m140',
            position,
            platform,
            integrationId,
            content: null,
            platformSpecificData: {},
            status: 'published',
            at,
          }),
        )
        .execute();
    // As before the migration: no table yet.
    await db.schema.dropTable('removed_integrations').execute();
    await up(db as unknown as Kysely<unknown>);
    const rows = await db
      .selectFrom('removed_integrations')
      .select(['project_id', 'integration_id'])
      .execute();
    assert.deepEqual(
      rows.map((r) => ({ ...r })),
      [{ project_id: t.projectId, integration_id: 'int_vanished' }],
    );
  });
});
