/**
 * Where uploaded media lives. One small interface, two drivers: the local disk of
 * the embedded default (the service itself takes the signed PUT and serves the
 * file) and any S3-compatible store (the client PUTs straight to the bucket with a
 * presigned URL). The upload records (src/domain/media-uploads) sit above it and
 * know nothing of the driver beyond this.
 */

export type StorageDriver = 'local' | 's3';

/** What the driver needs to hand out an upload URL. */
export interface UploadTicket {
  id: string;
  key: string;
  /** The type the client announced; the S3 driver binds the URL to it. */
  mimeType: string;
  /** The exact size the client announced, if it did; the S3 driver binds the URL to it. */
  size?: number;
  expiresAt: Date;
}

export interface StoredObject {
  size: number;
  contentType?: string;
}

export interface MediaStorage {
  readonly driver: StorageDriver;
  /** The object key of a new upload with this id and (sanitised) file name. */
  keyFor(id: string, filename: string): string;
  /** A single-use URL to PUT the file to, working until ticket.expiresAt. */
  uploadUrl(ticket: UploadTicket): Promise<string>;
  /** The URL to put in mediaItems: where platforms (and anyone) read the object. */
  publicUrl(key: string): string;
  /** Stores bytes the service produced itself (AI images). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a file the service produced on its disk (a converted video), streamed: memory stays flat with its size. */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** What is stored under key, or undefined when nothing is. */
  stat(key: string): Promise<StoredObject | undefined>;
  /**
   * Up to `length` bytes of the object from `position` (fewer only at its end): its first
   * bytes to sniff what it is, an MP4's header boxes for its video facts. Undefined when
   * nothing is stored; a range past its end answers no bytes (or undefined, by the driver).
   */
  readRange(key: string, position: number, length: number): Promise<Buffer | undefined>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Local driver only: the file's path on this machine, so publishing reads it from
   * disk instead of fetching the service's own URL.
   */
  localPath?(key: string): string;
  /** Local driver only: whether a signed upload URL's expiry and signature are the ones it issued. */
  verifyUpload?(id: string, expiresSec: number, signature: string): boolean;
}

/** A file name safe in a URL path and on disk: letters, digits, dot, dash, underscore. */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(-100);
  return cleaned || 'file';
}
