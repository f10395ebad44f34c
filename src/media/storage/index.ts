/** Builds the configured media storage driver (MEDIA_STORAGE) once at start. */
import type { Config } from '../../config.ts';
import type { KeyRing } from '../../domain/crypto.ts';
import { createLocalStorage, type LocalStorage, localFileOf } from './local.ts';
import { createS3Storage, withBucketHost } from './s3.ts';
import { createUrlSigner } from './signing.ts';
import type { MediaStorage } from './types.ts';

export function createMediaStorage(config: Readonly<Config>, keys: KeyRing): MediaStorage {
  if (config.MEDIA_STORAGE === 's3') {
    return createS3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      // loadConfig refuses MEDIA_STORAGE=s3 without these.
      bucket: config.S3_BUCKET ?? '',
      accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage({
    dataDir: config.DATA_DIR,
    publicUrl: config.PUBLIC_URL ?? '',
    signer: createUrlSigner(keys),
  });
}

export type { MediaStorage } from './types.ts';

/** The file behind one of our own public media URLs when media is on local disk (see localFileOf). */
export function localMediaFile(
  storage: MediaStorage,
  publicUrl: string,
  url: string,
): string | null | undefined {
  return storage.driver === 'local' ? localFileOf(storage as LocalStorage, publicUrl, url) : undefined;
}

/**
 * The origin a browser PUTs uploads to when it is not the service itself: an S3
 * endpoint (path-style, or with the bucket in the host name). Undefined for the local
 * driver (its upload URLs are the service's own) and for AWS (https).
 */
export function uploadOrigin(config: Readonly<Config>): string | undefined {
  if (config.MEDIA_STORAGE !== 's3' || !config.S3_ENDPOINT) return undefined;
  const base = config.S3_FORCE_PATH_STYLE
    ? config.S3_ENDPOINT
    : withBucketHost(config.S3_ENDPOINT, config.S3_BUCKET ?? '');
  return new URL(base).origin;
}
