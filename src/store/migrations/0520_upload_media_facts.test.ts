/**
 * Migration 0520 on a database that already has uploads: each row is kept as it was,
 * with its facts unknown (null), and the new columns take what a completed upload
 * reads; undone and done again, it leaves the rows as they were.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Kysely } from 'kysely';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { down, up } from './0520_upload_media_facts.ts';

const FACT_COLUMNS = ['width', 'height', 'duration_sec', 'video_codec', 'audio_codec', 'bitrate', 'fps'];

forEachDatabase("migration 0520 adds an upload's image and video facts", (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect);
  });
  after(() => t.close());

  it('keeps the uploads made before, with their facts unknown, and stores those read after', async () => {
    const db = t.ctx.store.db;
    const raw = db as unknown as Kysely<unknown>;
    await down(raw);
    const at = '2026-11-01T09:00:00.000Z';
    const before = {
      id: 'media_m520before0000000000',
      project_id: t.projectId,
      source: 'upload',
      storage: 'local',
      object_key: 'media_m520before0000000000/old.mp4',
      filename: 'old.mp4',
      declared_mime: 'video/mp4',
      declared_size: 1234,
      mime_type: 'video/mp4',
      size: 1234,
      status: 'uploaded',
      public_url: 'http://127.0.0.1/v1/media/files/media_m520before0000000000/old.mp4',
      expires_at: at,
      uploaded_at: at,
      created_at: at,
    };
    await db.insertInto('media_uploads').values(before).execute();
    await up(raw);
    const kept = await db
      .selectFrom('media_uploads')
      .selectAll()
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...kept }, { ...before, ...Object.fromEntries(FACT_COLUMNS.map((c) => [c, null])) });
    const facts = {
      width: 240,
      height: 720,
      duration_sec: 4.04,
      video_codec: 'h264',
      audio_codec: 'aac',
      bitrate: 1_045_000,
      fps: 29.97,
    };
    await db.updateTable('media_uploads').set(facts).where('id', '=', before.id).execute();
    const read = await db
      .selectFrom('media_uploads')
      .selectAll()
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...read }, { ...before, ...facts }, 'fractions and codecs come back as written');
  });
});
