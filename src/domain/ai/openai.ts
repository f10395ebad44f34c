/**
 * The OpenAI-compatible driver: `POST {base}/chat/completions` and
 * `POST {base}/images/generations`, with a bearer key when one is set. Plain fetch
 * for those: the base URL is the operator's own setting, not user input. An image
 * answered as a link is another matter: the provider chose that address, so it is
 * fetched through the outbound client (address filter, checked redirects) and read
 * up to IMAGE_LINK_MAX_BYTES. Every failure
 * (refusal, rate limit, server error, time-out, an answer without the expected
 * fields) becomes a 503 that says what the provider did, so nothing is charged.
 */
import { AppError } from '../../errors.ts';
import { type OutboundClient, OutboundError, readLimited } from '../../net/outbound.ts';
import type { AiProvider, ChatMessage } from './provider.ts';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  textModel: string;
  imageModel: string;
  timeoutMs: number;
  /** The client for the image links the provider answers with. */
  outbound: OutboundClient;
}

/**
 * The largest image read from a provider's link: the generations endpoint's
 * largest size (1536×1536) as an uncompressed PNG is under 10 MB.
 */
export const IMAGE_LINK_MAX_BYTES = 10 * 1024 * 1024;

const fail = (why: string, headers: Record<string, string> = {}) =>
  new AppError('unavailable', `The AI provider failed: ${why}; nothing was charged`, headers);

export function createOpenAiProvider(options: OpenAiOptions): AiProvider {
  async function post(path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    let res: Response;
    try {
      res = await fetch(`${options.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      if (timeout.aborted) throw fail(`no answer within ${options.timeoutMs} ms`);
      throw fail(`it could not be reached (${(err as Error).message})`);
    }
    let text: string;
    try {
      text = await res.text();
    } catch {
      throw fail(timeout.aborted ? `no answer within ${options.timeoutMs} ms` : 'its answer broke off');
    }
    if (!res.ok) {
      const retryAfter = res.headers.get('retry-after');
      throw fail(
        `HTTP ${res.status}${res.status === 429 ? ' (rate limited)' : ''}: ${providerMessage(text)}`,
        retryAfter && /^\d{1,6}$/.test(retryAfter) ? { 'retry-after': retryAfter } : {},
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw fail('its answer is not JSON');
    }
  }

  return {
    textModel: options.textModel,
    imageModel: options.imageModel,
    async chat(messages: readonly ChatMessage[], signal?: AbortSignal) {
      const answer = (await post('/chat/completions', { model: options.textModel, messages }, signal)) as {
        choices?: { message?: { content?: unknown } }[];
      };
      const content = answer?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw fail('its answer has no message content');
      return content;
    },
    async image(prompt: string, size: string, signal?: AbortSignal) {
      const answer = (await post(
        '/images/generations',
        { model: options.imageModel, prompt, size, n: 1 },
        signal,
      )) as {
        data?: { b64_json?: unknown; url?: unknown }[];
      };
      const first = answer?.data?.[0];
      if (typeof first?.b64_json === 'string') return { bytes: Buffer.from(first.b64_json, 'base64') };
      if (typeof first?.url === 'string')
        return { bytes: await download(options.outbound, first.url, options.timeoutMs, signal) };
      throw fail('its answer has no image');
    },
  };
}

/**
 * Providers that answer with a link (DALL·E) host the image for a while: fetch it
 * at once, through the outbound client, never more than IMAGE_LINK_MAX_BYTES.
 */
async function download(
  outbound: OutboundClient,
  url: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Buffer> {
  try {
    const res = await outbound.request(url, { timeoutMs, ...(signal ? { signal } : {}) });
    if (!res.ok) {
      await res.body?.cancel();
      throw fail(`its image link answered HTTP ${res.status}`);
    }
    return await readLimited(res, IMAGE_LINK_MAX_BYTES);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof OutboundError && err.reason === 'blocked')
      throw fail(`its image link points to an address that is not allowed (${err.message})`);
    if (err instanceof OutboundError && err.reason === 'too_large')
      throw fail(`its image link serves more than ${IMAGE_LINK_MAX_BYTES} bytes`);
    throw fail(`its image link could not be read (${(err as Error).message})`);
  }
}

/** The provider's own error message (OpenAI's `{error: {message}}`), kept short. */
function providerMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string };
    const m = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message;
    if (typeof m === 'string' && m) return m.slice(0, 300);
  } catch {
    // not JSON: use the text itself
  }
  return text.slice(0, 300) || 'no message';
}
