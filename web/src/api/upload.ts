/**
 * Uploading a file for a post: the service answers a short-lived signed URL
 * (POST /v1/media/upload with filename, mimeType and size), the browser PUTs the
 * file there with progress, and the post uses the answered public URL.
 * The upload endpoint is not in this branch's API document yet, so this call is
 * written by hand; once it is, it moves to the typed client.
 */
import { errorMessage, session } from './client.ts';

export interface Uploaded {
  publicUrl: string;
}

export async function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<Uploaded> {
  const res = await fetch('/v1/media/upload', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-key': session.key() ?? '' },
    body: JSON.stringify({
      filename: file.name,
      mimeType: file.type || 'application/octet-stream',
      size: file.size,
    }),
  });
  const answer = (await res.json().catch(() => null)) as {
    data?: { uploadUrl?: string; publicUrl?: string };
    uploadUrl?: string;
    publicUrl?: string;
  } | null;
  if (!res.ok) throw new Error(errorMessage(answer, `Upload refused (HTTP ${res.status})`));
  const uploadUrl = answer?.data?.uploadUrl ?? answer?.uploadUrl;
  const publicUrl = answer?.data?.publicUrl ?? answer?.publicUrl;
  if (!uploadUrl || !publicUrl) throw new Error('The service did not answer an upload URL');
  // XMLHttpRequest, because fetch reports no upload progress.
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', uploadUrl);
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
