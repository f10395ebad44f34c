/**
 * The S3-compatible driver (AWS S3, MinIO, R2...) through the official AWS SDK. The
 * client PUTs straight to the bucket with a presigned URL bound to the announced
 * content type (and exact size, when announced), so the store itself refuses any
 * other (S3, MinIO and R2 check the signed headers); the service checks what
 * arrived (size, sniffed type) when a post first uses it, and the publishing stager
 * sniffs the bytes as it does for any URL.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { type MediaStorage, safeFilename } from './types.ts';

// The SDK takes a second or more to load: only a service that stores media in S3 loads it, on first use.
type Sdk = typeof import('@aws-sdk/client-s3');
let sdkLoading: Promise<Sdk> | undefined;
const loadSdk = (): Promise<Sdk> => {
  sdkLoading ??= import('@aws-sdk/client-s3');
  return sdkLoading;
};

const isStatus = (sdk: Sdk, err: unknown, statuses: number[]): boolean =>
  err instanceof sdk.S3ServiceException && statuses.includes(err.$metadata.httpStatusCode ?? 0);

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

export function createS3Storage(options: S3Options): MediaStorage {
  let clientMade: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const s3 = () => {
    clientMade ??= loadSdk().then((sdk) => ({ sdk, client: makeClient(sdk, options) }));
    return clientMade;
  };
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
    keyFor: (id, filename) => `media/${id}/${safeFilename(filename)}`,
    async uploadUrl(ticket) {
      const [{ sdk, client }, { getSignedUrl }] = await Promise.all([
        s3(),
        import('@aws-sdk/s3-request-presigner'),
      ]);
      const command = new sdk.PutObjectCommand({
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
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async putFile(key, path, contentType) {
      const { sdk, client } = await s3();
      const { size } = await stat(path);
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async stat(key) {
      const { sdk, client } = await s3();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: head.ContentLength ?? 0,
          ...(head.ContentType ? { contentType: head.ContentType } : {}),
        };
      } catch (err) {
        if (isStatus(sdk, err, [404])) return undefined;
        throw err;
      }
    },
    async readRange(key, position, length) {
      const { sdk, client } = await s3();
      try {
        const got = await client.send(
          new sdk.GetObjectCommand({ Bucket, Key: key, Range: `bytes=${position}-${position + length - 1}` }),
        );
        return got.Body ? Buffer.from(await got.Body.transformToByteArray()) : undefined;
      } catch (err) {
        if (isStatus(sdk, err, [404, 416])) return undefined;
        throw err;
      }
    },
    async delete(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

function makeClient(sdk: Sdk, options: S3Options): S3Client {
  return new sdk.S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums the SDK would add by default are not supported by every S3-compatible store.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function withBucketHost(endpoint: string, bucket: string): string {
  const u = new URL(endpoint);
  u.hostname = `${bucket}.${u.hostname}`;
  return u.toString();
}
