/**
 * Row types of uploaded media and AI generations (migration 0090). Conventions as
 * in core.ts: text ids, ISO times, `project_id` on every row.
 */
import type { RetentionOf } from './retention-types.ts';

export interface MediaUploadsTable {
  id: string;
  project_id: string;
  /** upload (a signed PUT), ai (an image the AI endpoint stored) or derivative (media converted for a platform). */
  source: string;
  /** The storage driver holding the object: local or s3. */
  storage: string;
  /** The object's key in that storage. */
  object_key: string;
  filename: string;
  /** The MIME type the client announced when asking for the upload URL. */
  declared_mime: string;
  declared_size: number | null;
  /** The type sniffed from the stored bytes (null until uploaded). */
  mime_type: string | null;
  size: number | null;
  /** pending (URL handed out), uploaded, deleted; uploading: a PUT in progress, as earlier versions recorded it (open again, like pending). */
  status: string;
  public_url: string;
  /** When the upload URL stops working. */
  expires_at: string;
  uploaded_at: string | null;
  created_at: string;
  /**
   * What the stored file is, read once when its upload completed (migration 0520;
   * domain/media-uploads/facts.ts): an image's dimensions, an MP4/MOV's frame, length,
   * codecs, bitrate and frame rate. Null when unknown; optional for the writers that
   * record none.
   */
  width?: number | null;
  height?: number | null;
  duration_sec?: number | null;
  video_codec?: string | null;
  audio_codec?: string | null;
  bitrate?: number | null;
  fps?: number | null;
}

export interface AiGenerationsTable {
  id: string;
  project_id: string;
  /** write or image. */
  kind: string;
  credits: number;
  model: string;
  /** The caption, or the stored image's URL. */
  result: string;
  created_at: string;
}

/** A derivative one target of a post needs (migration 0400; domain/publishing/convert-media-job.ts). */
export interface MediaConversionsTable {
  /** The conversion's address: hash of project, source URL and recipe. */
  id: string;
  project_id: string;
  post_id: string;
  /** converting, done, failed. */
  status: string;
  /** Why a failed conversion failed, in words. */
  error: string | null;
  /** The media_uploads record of the derivative (source `derivative`), once done. */
  media_id: string | null;
  url: string | null;
  mime_type: string | null;
  width: number | null;
  height: number | null;
  size: number | null;
  created_at: string;
  updated_at: string;
}

export interface MediaTables {
  media_uploads: MediaUploadsTable;
  ai_generations: AiGenerationsTable;
  media_conversions: MediaConversionsTable;
}

/** How long each table's rows stay (src/store/retention.ts). */
export const MEDIA_RETENTION = {
  media_uploads: {
    sweptBy: 'sweep_uploaded_media',
    rule: 'the stored object of an upload no post uses, MEDIA_RETENTION_DAYS after it was asked for; the record stays, marked deleted, so a post naming it is refused by name',
  },
  media_conversions: {
    kept: 'one row per derivative a post needs, deleted with the post together with its derivative objects (domain/posts delete)',
  },
  ai_generations: { kept: 'the record of what was charged for AI text and images, one row per charge' },
} as const satisfies RetentionOf<MediaTables>;
