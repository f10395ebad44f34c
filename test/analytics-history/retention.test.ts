/**
 * The sweep's retention on SQLite and PostgreSQL: snapshots older than
 * ANALYTICS_RETENTION_DAYS go, in every project, and the rest stay.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { pruneHistory } from '../../src/domain/analytics-history/collect-job.ts';
import { createProject } from '../../src/domain/projects/projects.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';

const DAY_MS = 86_400_000;

forEachDatabase('analytics history retention', (dialect) => {
  let t: TestService;
  before(async () => {
    // No worker: its own sweep (30 s after start) would prune beside the call measured here.
    t = await startTestService(dialect, { settings: { ROLE: 'api' } });
  });
  after(() => t.close());

  it('removes the days and snapshots past the retention in each project, and keeps the rest', async () => {
    const db = t.ctx.store.db;
    const other = (await createProject(t.ctx, 'other')).projectId;
    const keepDays = t.ctx.config.ANALYTICS_RETENTION_DAYS;
    const now = t.ctx.now().getTime();
    const dayAgo = (n: number) => new Date(now - n * DAY_MS).toISOString().slice(0, 10);
    const accountRow = (projectId: string, integration: string, day: string) => ({
      integration_id: integration,
      day,
      project_id: projectId,
      platform: 'bluesky',
      followers: 10,
      following: null,
      posts: null,
      impressions: null,
      views: null,
      reach: null,
      collected_at: `${day}T03:00:00.000Z`,
    });
    // More old days than one delete chunk (1000) in the first project, a few in the other.
    const rows = [];
    for (let i = 0; i < 1100; i++)
      rows.push(accountRow(t.projectId, `int_ret_${i % 3}`, dayAgo(keepDays + 2 + Math.floor(i / 3))));
    for (const projectId of [t.projectId, other])
      for (const n of [keepDays + 1, 5, 0])
        rows.push(accountRow(projectId, `int_ret_${projectId}`, dayAgo(n)));
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('account_snapshots')
        .values(rows.slice(i, i + 200))
        .execute();
    const target = (id: string, collectedDaysAgo: number) => ({
      target_id: id,
      age_hours: 1,
      project_id: other,
      post_id: `post_${id}`,
      integration_id: 'int_ret_t',
      platform: 'bluesky',
      published_at: new Date(now - collectedDaysAgo * DAY_MS - 3_600_000).toISOString(),
      impressions: null,
      reach: null,
      views: null,
      likes: 1,
      comments: 0,
      shares: 0,
      saves: null,
      clicks: null,
      collected_at: new Date(now - collectedDaysAgo * DAY_MS).toISOString(),
    });
    await db
      .insertInto('target_snapshots')
      .values([target('tgt_ret_old', keepDays + 3), target('tgt_ret_new', 2)])
      .execute();

    const removed = await pruneHistory(t.ctx);

    assert.equal(removed, 1100 + 2 + 1);
    const left = await db
      .selectFrom('account_snapshots')
      .select(['project_id', 'day'])
      .where('integration_id', 'like', 'int_ret_%')
      .orderBy('project_id')
      .orderBy('day')
      .execute();
    const expected = [t.projectId, other]
      .sort()
      .flatMap((projectId) => [dayAgo(5), dayAgo(0)].map((day) => ({ project_id: projectId, day })));
    assert.deepEqual(
      left.map((r) => ({ ...r })),
      expected,
    );
    const targets = await db
      .selectFrom('target_snapshots')
      .select('target_id')
      .where('target_id', 'like', 'tgt_ret_%')
      .execute();
    assert.deepEqual(
      targets.map((r) => ({ ...r })),
      [{ target_id: 'tgt_ret_new' }],
    );
    assert.equal(await pruneHistory(t.ctx), 0);
  });
});
