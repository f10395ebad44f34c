import type { Kysely } from 'kysely';

/**
 * What an uploaded file is, read once when its upload completes (the local PUT, or
 * the first post that uses a file sent straight to the bucket): an image's width
 * and height, an MP4/MOV video's frame, length, codecs, bitrate and frame rate.
 * Create gives them to the platforms' media rules as it does a media URL's. All
 * nullable: unknown (another format, a file no parser reads, uploads made before).
 */
const COLUMNS = [
  ['width', 'integer'],
  ['height', 'integer'],
  ['duration_sec', 'double precision'],
  ['video_codec', 'text'],
  ['audio_codec', 'text'],
  ['bitrate', 'bigint'],
  ['fps', 'double precision'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column a statement: SQLite adds only one per ALTER TABLE.
  for (const [column, type] of COLUMNS)
    await db.schema.alterTable('media_uploads').addColumn(column, type).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [column] of [...COLUMNS].reverse())
    await db.schema.alterTable('media_uploads').dropColumn(column).execute();
}
