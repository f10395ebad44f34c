/**
 * The one hand-written tool, for what no route does alone: send a file's bytes.
 * The upload route answers a signed URL that takes the bytes as a raw PUT, which
 * JSON arguments can not make; this tool asks for the URL, PUTs the bytes and
 * answers the publicUrl to put in a post's mediaItems. The bytes come as base64,
 * or, over stdio only, from a file on the machine the assistant runs on: the HTTP
 * transport serves many projects and must not read its own disk for them.
 */
import { readFile } from 'node:fs/promises';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type ApiAccess, apiRequest } from './api-request.ts';
import { toolResult } from './call-route.ts';

export const UPLOAD_TOOL = 'upload_media';

export function uploadToolDefinition(localFiles: boolean) {
  return {
    name: UPLOAD_TOOL,
    title: 'Upload a media file',
    description: [
      'Uploads a file for a post and answers its publicUrl (and a ready mediaItem) to put in create_post mediaItems.',
      localFiles
        ? 'Give the bytes as contentBase64, or path: a file on this machine.'
        : 'Give the bytes as contentBase64.',
      'It asks POST /v1/media/upload for a signed URL and PUTs the bytes there; warnings name platforms that will refuse such a file.',
    ].join(' '),
    inputSchema: {
      type: 'object' as const,
      properties: {
        filename: {
          type: 'string',
          minLength: 1,
          maxLength: 255,
          description: 'The file name, e.g. launch.png.',
        },
        mimeType: {
          type: 'string',
          minLength: 3,
          maxLength: 200,
          description: 'Its type, e.g. image/png or video/mp4.',
        },
        contentBase64: { type: 'string', description: 'The file itself, base64-encoded.' },
        ...(localFiles
          ? {
              path: {
                type: 'string',
                minLength: 1,
                description: 'A file on the machine this MCP server runs on.',
              },
            }
          : {}),
      },
      required: ['filename', 'mimeType'],
      additionalProperties: false,
    },
    annotations: {
      title: 'Upload a media file',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    },
  };
}

const refused = (message: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: `400: ${message}` }],
});

export async function uploadMedia(
  access: ApiAccess,
  localFiles: boolean,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const { filename, mimeType, contentBase64, path } = args as Record<string, string | undefined>;
  if (typeof filename !== 'string' || typeof mimeType !== 'string')
    return refused('filename and mimeType are required');
  if (path !== undefined && !localFiles)
    return refused('path is not taken over HTTP: give the file as contentBase64');
  if ((path === undefined) === (contentBase64 === undefined))
    return refused(localFiles ? 'give exactly one of contentBase64 and path' : 'contentBase64 is required');
  let bytes: Buffer;
  if (path !== undefined) {
    try {
      bytes = await readFile(path);
    } catch (err) {
      return refused(
        `path ${path} can not be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      );
    }
  } else {
    if (typeof contentBase64 !== 'string' || !/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(contentBase64))
      return refused('contentBase64 is not base64');
    bytes = Buffer.from(contentBase64, 'base64');
  }
  if (bytes.length === 0) return refused('the file is empty');

  const asked = await apiRequest(access, 'POST', '/v1/media/upload', {
    body: { filename, mimeType, size: bytes.length },
  });
  if (!asked.ok) return toolResult(asked);
  const { data } = asked.data as {
    data: { uploadUrl: string; publicUrl: string; type: string; warnings?: unknown };
  };
  let put: Response;
  try {
    put = await (access.fetch ?? fetch)(data.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': mimeType },
      body: new Uint8Array(bytes),
    });
  } catch (err) {
    return toolResult({
      ok: false,
      status: 503,
      message: `The upload URL did not answer (${(err as Error).message})`,
    });
  }
  if (!put.ok) {
    const text = await put.text();
    let message = text;
    try {
      const body = JSON.parse(text) as { message?: string; error?: string };
      message = body.message ?? body.error ?? text;
    } catch {
      // The text itself is the message.
    }
    return toolResult({ ok: false, status: put.status, message: message || `HTTP ${put.status}` });
  }
  return toolResult({
    ok: true,
    status: 200,
    data: {
      publicUrl: data.publicUrl,
      mediaItem: { type: data.type, url: data.publicUrl },
      size: bytes.length,
      warnings: data.warnings ?? [],
    },
  });
}
