/**
 * The S3-compatible driver (AWS S3, MinIO, R2...) through the official AWS SDK. The
 * client PUTs straight to the bucket with a presigned URL bound to the announced
 * content type (and exact size, when announced), so the store itself refuses any
 * other; the service checks what arrived (stat) before publishing uses it, and the
 * publishing stager sniffs the bytes as it does for any URL.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type MediaStorage, safeFilename } from './types.ts';

export interface S3Options {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Base of public object URLs; default the endpoint and bucket. */
  publicUrl?: string | undefined;
}

export function createS3Storage(options: S3Options): MediaStorage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums the SDK would add by default are not supported by every S3-compatible store.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const publicBase = (
    options.publicUrl ??
    (options.endpoint
      ? options.forcePathStyle
        ? `${options.endpoint.replace(/\/$/, '')}/${options.bucket}`
        : withBucketHost(options.endpoint, options.bucket)
      : `https://${options.bucket}.s3.${options.region}.amazonaws.com`)
  ).replace(/\/$/, '');
  const Bucket = options.bucket;
  return {
    driver: 's3',
    client,
    keyFor: (id, filename) => `media/${id}/${safeFilename(filename)}`,
    async uploadUrl(ticket) {
      const command = new PutObjectCommand({
        Bucket,
        Key: ticket.key,
        ContentType: ticket.mimeType,
        ...(ticket.size !== undefined ? { ContentLength: ticket.size } : {}),
      });
      const expiresIn = Math.max(1, Math.round((ticket.expiresAt.getTime() - Date.now()) / 1000));
      return getSignedUrl(client, command, {
        expiresIn,
        signableHeaders: new Set(['content-type', ...(ticket.size !== undefined ? ['content-length'] : [])]),
      });
    },
    publicUrl: (key) => `${publicBase}/${key.split('/').map(encodeURIComponent).join('/')}`,
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: head.ContentLength ?? 0,
          ...(head.ContentType ? { contentType: head.ContentType } : {}),
        };
      } catch (err) {
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return undefined;
        throw err;
      }
    },
    async readStart(key, bytes) {
      try {
        const got = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
        );
        return got.Body ? Buffer.from(await got.Body.transformToByteArray()) : undefined;
      } catch (err) {
        if (err instanceof S3ServiceException && [404, 416].includes(err.$metadata.httpStatusCode ?? 0))
          return undefined;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

function withBucketHost(endpoint: string, bucket: string): string {
  const u = new URL(endpoint);
  u.hostname = `${bucket}.${u.hostname}`;
  return u.toString();
}
