/**
 * How the MCP server calls the service: over its HTTP API with the project key it
 * was given, like any client, so every call goes through the API's authentication,
 * validation, credits and limits. An error answer keeps the API's status and
 * message (in either error shape), which names what to fix.
 */

export interface ApiAccess {
  /** Where the API answers, e.g. http://127.0.0.1:3000. */
  apiUrl: string;
  accessKey: string;
  fetch?: typeof globalThis.fetch;
}

export type ApiAnswer =
  | { ok: true; status: number; data: unknown }
  | { ok: false; status: number; message: string };

export type QueryValue = string | number | boolean | (string | number | boolean)[];

export async function apiRequest(
  access: ApiAccess,
  method: string,
  path: string,
  options: { query?: Record<string, unknown>; body?: unknown } = {},
): Promise<ApiAnswer> {
  const url = new URL(`${access.apiUrl.replace(/\/+$/, '')}${path}`);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value === undefined || value === null) continue;
    // An array is the parameter repeated (platform=x&platform=bluesky), as the API reads it.
    for (const one of Array.isArray(value) ? value : [value])
      url.searchParams.append(name, typeof one === 'object' ? JSON.stringify(one) : String(one));
  }
  const withBody = options.body !== undefined;
  let res: Response;
  try {
    res = await (access.fetch ?? fetch)(url, {
      method,
      headers: {
        'x-access-key': access.accessKey,
        accept: 'application/json',
        ...(withBody ? { 'content-type': 'application/json' } : {}),
      },
      ...(withBody ? { body: JSON.stringify(options.body) } : {}),
    });
  } catch (err) {
    return {
      ok: false,
      status: 503,
      message: `The API at ${access.apiUrl} did not answer (${(err as Error).message}); is the service running?`,
    };
  }
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the text itself is the answer.
  }
  if (res.ok) return { ok: true, status: res.status, data };
  const body = data as { message?: unknown; error?: unknown } | null;
  const message =
    typeof body?.message === 'string'
      ? body.message
      : typeof body?.error === 'string'
        ? body.error
        : typeof data === 'string' && data
          ? data
          : `HTTP ${res.status}`;
  return { ok: false, status: res.status, message };
}
