/**
 * Retention of uploaded media on SQLite and PostgreSQL: past MEDIA_RETENTION_DAYS,
 * files no post of their project mentions are deleted (and stop being served),
 * unfinished uploads go too, and a file a post uses stays however old.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { JOB_KINDS } from '../../jobs/kinds.ts';
import { png } from '../../media/testing.ts';
import { mediaRetentionJob, sweepUploadedMedia } from './retention.ts';

const DAY = 24 * 60 * 60 * 1000;

forEachDatabase('uploaded media retention', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect, { settings: { MEDIA_RETENTION_DAYS: '30' } });
  });
  after(() => t.close());

  const upload = async (send: boolean) => {
    const res = await t.request('POST', '/v1/media/upload', { filename: 'Pic.png', mimeType: 'image/png' });
    const { uploadUrl, publicUrl } = res.body.data;
    if (send) {
      const u = new URL(uploadUrl);
      const put = await t.service.server!.inject({
        method: 'PUT',
        url: `${u.pathname}${u.search}`,
        payload: png(8, 8),
        headers: { 'content-type': 'image/png' },
      });
      assert.equal(put.statusCode, 200);
    }
    return publicUrl as string;
  };
  const fileOf = (url: string) =>
    t.ctx.mediaStore.localPath?.(new URL(url).pathname.replace('/v1/media/files/', '')) ?? '';
  const served = async (url: string) =>
    (await t.service.server!.inject({ method: 'GET', url: new URL(url).pathname })).statusCode;

  it('deletes old media no post uses, and keeps what a post uses', async () => {
    const used = await upload(true);
    const unused = await upload(true);
    const neverSent = await upload(false);
    const inThread = await upload(true);
    const now = new Date().toISOString();
    const post = (id: string, media: unknown[], raw: unknown) => ({
      id,
      project_id: t.projectId,
      content: 'x',
      media: JSON.stringify(media),
      status: 'scheduled',
      scheduled_for: now,
      timezone: 'UTC',
      was_scheduled: 1,
      raw_request: JSON.stringify(raw),
      created_at: now,
      updated_at: now,
    });
    await t.ctx.store.db
      .insertInto('posts')
      .values([
        post('post_a', [{ type: 'image', url: used }], {}),
        post('post_b', [], {
          platforms: [{ platformSpecificData: { threadItems: [{ mediaItems: [{ url: inThread }] }] } }],
        }),
      ])
      .execute();

    const early = await sweepUploadedMedia(t.ctx, new Date(Date.now() + 29 * DAY));
    assert.deepEqual(early, { deleted: 0, kept: 0 });
    assert.equal(await served(unused), 200);

    const swept = await sweepUploadedMedia(t.ctx, new Date(Date.now() + 31 * DAY));
    assert.deepEqual(swept, { deleted: 2, kept: 2 });
    assert.equal(await served(used), 200);
    assert.equal(await served(inThread), 200);
    assert.equal(await served(unused), 404);
    assert.equal(existsSync(fileOf(unused)), false);
    assert.equal(existsSync(fileOf(used)), true);
    const statuses = await t.ctx.store.db
      .selectFrom('media_uploads')
      .select(['public_url', 'status'])
      .execute();
    const statusOf = (url: string) => statuses.find((s) => s.public_url === url)?.status;
    assert.equal(statusOf(unused), 'deleted');
    assert.equal(statusOf(neverSent), 'deleted');
    assert.equal(statusOf(used), 'uploaded');

    // A post can not use a deleted file.
    const res = await t.request('POST', '/v1/posts', {
      content: 'late',
      mediaItems: [{ type: 'image', url: unused }],
      platforms: [{ platform: 'twitter', accountId: 'int_x' }],
      publishNow: true,
    });
    assert.equal(res.status, 400);
    assert.match(res.body.message, /was deleted/);
  });

  it('keeps an old derivative while a target of its post names it in its ledger, and sweeps it once none does', async () => {
    const derivative = await upload(true);
    const orphan = await upload(true);
    const { db } = t.ctx.store;
    const rows = await db.selectFrom('media_uploads').select(['id', 'public_url']).execute();
    const idOf = (url: string) => rows.find((r) => r.public_url === url)?.id ?? '';
    await db
      .updateTable('media_uploads')
      .set({ source: 'derivative' })
      .where('public_url', 'in', [derivative, orphan])
      .execute();
    const now = new Date().toISOString();
    // The post names only its original; the derivative is named by the target's ledger alone.
    await db
      .insertInto('posts')
      .values({
        id: 'post_derived',
        project_id: t.projectId,
        content: 'x',
        media: JSON.stringify([{ type: 'image', url: 'https://example.com/original.png' }]),
        status: 'published',
        scheduled_for: now,
        timezone: 'UTC',
        was_scheduled: 0,
        raw_request: JSON.stringify({
          mediaItems: [{ type: 'image', url: 'https://example.com/original.png' }],
        }),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const ledger = {
      media: [
        {
          item: 0,
          mediaId: idOf(derivative),
          url: derivative,
          mimeType: 'image/jpeg',
          width: 8,
          height: 8,
          size: 100,
          description: 'image padded',
        },
      ],
    };
    await db
      .insertInto('post_targets')
      .values({
        id: 'tgt_derived',
        project_id: t.projectId,
        post_id: 'post_derived',
        position: 0,
        platform: 'instagram',
        integration_id: 'int_x',
        content: null,
        first_comment: null,
        platform_specific_data: '{}',
        status: 'published',
        platform_post_id: '1',
        platform_post_url: null,
        published_at: now,
        error_message: null,
        warning_message: 'image padded',
        attempt: 1,
        checkpoint: null,
        ledger: JSON.stringify(ledger),
        edit: null,
        created_at: now,
        updated_at: now,
      })
      .execute();

    const swept = await sweepUploadedMedia(t.ctx, new Date(Date.now() + 31 * DAY));
    assert.equal(await served(derivative), 200, 'the derivative a target published stays');
    assert.equal(await served(orphan), 404, 'a derivative nothing names goes');
    assert.ok(swept.deleted >= 1);

    // Once no target names it (its post gone), the next sweep removes it.
    await db.deleteFrom('post_targets').where('id', '=', 'tgt_derived').execute();
    await db.deleteFrom('posts').where('id', '=', 'post_derived').execute();
    await sweepUploadedMedia(t.ctx, new Date(Date.now() + 31 * DAY));
    assert.equal(await served(derivative), 404);
  });

  it('runs as a recurring job of the one job runner', () => {
    assert.ok(JOB_KINDS.includes(mediaRetentionJob));
    assert.equal(mediaRetentionJob.recurring.everyMs(t.ctx.config), 60 * 60_000);
  });
});
