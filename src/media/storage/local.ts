/**
 * The local-disk driver of the embedded default: objects are files under
 * DATA_DIR/media, the client PUTs to the service's own signed URL
 * (PUT /v1/media/uploads/{id}), and the service serves them at
 * GET /v1/media/files/{id}/{filename}.
 */
import { mkdirSync } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { diskFault, diskFaultError } from './disk-errors.ts';
import type { UrlSigner } from './signing.ts';
import { type MediaStorage, safeFilename } from './types.ts';

/** Keys of this driver: `<upload id>/<file name>`, checked before they touch a path. */
const KEY = /^media_[0-9a-z]{25}\/[A-Za-z0-9._-]{1,100}$/;

export function isLocalKey(key: string): boolean {
  return KEY.test(key) && !key.includes('..');
}

export function createLocalStorage(options: { dataDir: string; publicUrl: string; signer: UrlSigner }) {
  const root = join(options.dataDir, 'media');
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const pathOf = (key: string): string => {
    if (!isLocalKey(key)) throw new Error(`not a local media key: ${key}`);
    return join(root, key);
  };
  const storage: MediaStorage & { root: string; localPath(key: string): string } = {
    driver: 'local',
    root,
    keyFor: (id, filename) => `${id}/${safeFilename(filename)}`,
    async uploadUrl(ticket) {
      const expires = Math.floor(ticket.expiresAt.getTime() / 1000);
      const signature = options.signer.sign(ticket.id, expires);
      return `${options.publicUrl}/v1/media/uploads/${ticket.id}?expires=${expires}&signature=${signature}`;
    },
    publicUrl: (key) => `${options.publicUrl}/v1/media/files/${key}`,
    async put(key, body) {
      const path = pathOf(key);
      try {
        await mkdir(dirname(path), { recursive: true, mode: 0o700 });
        await writeFile(path, body, { mode: 0o600 });
      } catch (err) {
        // A file cut short (a full disk) must not stay behind, nor its directory.
        await rm(dirname(path), { recursive: true, force: true }).catch(() => {});
        const fault = diskFault(err);
        throw fault ? diskFaultError(fault) : err;
      }
    },
    async putFile(key, source) {
      const path = pathOf(key);
      try {
        await mkdir(dirname(path), { recursive: true, mode: 0o700 });
        // Beside the final name, then renamed: a reader never sees half a file.
        await copyFile(source, `${path}.part`);
        await rename(`${path}.part`, path);
      } catch (err) {
        await rm(dirname(path), { recursive: true, force: true }).catch(() => {});
        const fault = diskFault(err);
        throw fault ? diskFaultError(fault) : err;
      }
    },
    async stat(key) {
      try {
        const s = await stat(pathOf(key));
        return { size: s.size };
      } catch {
        return undefined;
      }
    },
    async readRange(key, position, length) {
      try {
        const handle = await open(pathOf(key), 'r');
        try {
          const buf = Buffer.alloc(length);
          const { bytesRead } = await handle.read(buf, 0, length, position);
          return buf.subarray(0, bytesRead);
        } finally {
          await handle.close();
        }
      } catch {
        return undefined;
      }
    },
    async delete(key) {
      await rm(dirname(pathOf(key)), { recursive: true, force: true });
    },
    localPath: pathOf,
    verifyUpload: (id, expiresSec, signature) => options.signer.verify(id, expiresSec, signature),
  };
  return storage;
}

export type LocalStorage = ReturnType<typeof createLocalStorage>;

/**
 * For the publishing stager: the path of the file behind one of this service's
 * public media URLs (null when the URL is ours but names no valid key), or
 * undefined for any other URL.
 */
export function localFileOf(
  storage: LocalStorage,
  publicUrl: string,
  url: string,
): string | null | undefined {
  const prefix = `${publicUrl}/v1/media/files/`;
  if (!url.startsWith(prefix)) return undefined;
  let key: string;
  try {
    key = decodeURIComponent(url.slice(prefix.length).split(/[?#]/)[0] ?? '');
  } catch {
    return null;
  }
  return isLocalKey(key) ? storage.localPath(key) : null;
}
