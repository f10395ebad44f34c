/**
 * Uploading a file for a post: the service answers a short-lived signed URL
 * (POST /v1/media/upload with filename, mimeType and size), the browser PUTs the
 * file there with progress, and the post uses the answered public URL.
 */
import { api, errorMessage } from './client.ts';

export interface Uploaded {
  publicUrl: string;
}

/** Where the service's own (local storage) signed upload URLs live. */
const OWN_UPLOADS = '/v1/media/uploads/';

/**
 * The URL to PUT to. The service builds its own upload URLs from PUBLIC_URL, which may
 * name another host than the one this page was opened at (localhost or 127.0.0.1): the
 * same path on this page's origin reaches the same service, and the page may call it.
 * A storage's URL (S3) is used as it is.
 */
export function putTarget(uploadUrl: string): string {
  const url = new URL(uploadUrl, location.origin);
  return url.pathname.startsWith(OWN_UPLOADS) ? `${url.pathname}${url.search}` : uploadUrl;
}

export async function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<Uploaded> {
  const res = await api.POST('/v1/media/upload', {
    body: { filename: file.name, mimeType: file.type || 'application/octet-stream', size: file.size },
  });
  if (!res.data) throw new Error(errorMessage(res.error, `Upload refused (HTTP ${res.response.status})`));
  const { uploadUrl, publicUrl } = res.data.data;
  // XMLHttpRequest, because fetch reports no upload progress.
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', putTarget(uploadUrl));
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () =>
      xhr.status < 300 ? resolve() : reject(new Error(`Upload failed (HTTP ${xhr.status})`));
    xhr.onerror = () => reject(new Error('Upload failed: the storage could not be reached'));
    xhr.send(file);
  });
  onProgress(1);
  return { publicUrl };
}
