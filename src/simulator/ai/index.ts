/**
 * An OpenAI-compatible API for tests and sandbox mode, under `/ai/v1` of the
 * simulator: chat completions (`POST /ai/v1/chat/completions`) that write a
 * caption from the request, keeping to the "at most N characters" the request
 * asks for as a well-behaved model would, and image generations
 * (`POST /ai/v1/images/generations`) that answer a real PNG of the asked size as
 * `b64_json`. Calls are recorded in the simulator's call log (platform null) and
 * its fault rules apply, matched by path (for example `/v1/chat/completions`):
 * a status with a body (429, 500, or a 200 whose caption is far too long), a
 * delay, or a timeout (never answering).
 */
import { createHash } from 'node:crypto';
import type { SimRequest, SimResponse } from '../core/http.ts';
import { json } from '../core/http.ts';
import type { Simulator } from '../core/simulator-api.ts';
import { flatPng } from './png.ts';

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });

/** The answer to a request under `/ai`, or undefined to never answer (a timeout fault). */
export async function answerAi(
  sim: Simulator,
  req: SimRequest,
  closing: AbortSignal,
): Promise<SimResponse | undefined> {
  const call = sim.calls.record({
    at: new Date(sim.clock.now()).toISOString(),
    platform: null,
    method: req.method,
    path: req.path,
    fullPath: req.fullPath,
    query: req.query,
    headers: req.headers,
    body: req.body,
  });
  const fault = sim.faults.take({
    platform: null,
    method: req.method,
    path: req.path,
    fullPath: req.fullPath,
  });
  let answer: SimResponse;
  if (fault) {
    call.faultId = fault.id;
    if (fault.delayMs) await sleep(fault.delayMs, closing);
    if (fault.timeout) return undefined;
  }
  if (fault && fault.status !== undefined)
    answer = { status: fault.status, body: fault.body, headers: fault.headers ?? {} };
  else answer = route(req);
  sim.calls.answered(call, answer.status);
  return answer;
}

function route(req: SimRequest): SimResponse {
  if (req.method === 'POST' && req.path === '/v1/chat/completions') return chat(req);
  if (req.method === 'POST' && req.path === '/v1/images/generations') return image(req);
  if (req.method === 'GET' && req.path === '/v1/models')
    return json(200, {
      object: 'list',
      data: [
        { id: 'sim-text', object: 'model' },
        { id: 'sim-image', object: 'model' },
      ],
    });
  return json(404, {
    error: { message: `No ${req.method} ${req.path} on the AI simulator`, type: 'invalid_request_error' },
  });
}

const invalid = (message: string) =>
  json(400, { error: { message, type: 'invalid_request_error', code: null } });

interface ChatBody {
  model?: unknown;
  messages?: { role?: unknown; content?: unknown }[];
}

function chat(req: SimRequest): SimResponse {
  const body = (req.body ?? {}) as ChatBody;
  if (typeof body.model !== 'string' || !Array.isArray(body.messages) || body.messages.length === 0)
    return invalid('model and messages are required');
  const texts = body.messages.map((m) => (typeof m?.content === 'string' ? m.content : ''));
  const all = texts.join('\n');
  const limit = Number(/at most (\d+) characters/i.exec(all)?.[1] ?? 2000);
  const user = texts.filter((_, i) => body.messages?.[i]?.role === 'user').pop() ?? '';
  const description = (/Description:\s*(.+)/.exec(user)?.[1] ?? user).trim();
  const content = caption(description, limit);
  return json(200, completion(body.model, content));
}

/** A chat completion answer carrying `content` (also used by tests to script an over-long answer). */
export function completion(model: string, content: string) {
  return {
    id: `chatcmpl-${createHash('sha256').update(content).digest('hex').slice(0, 24)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 50, completion_tokens: Math.ceil(content.length / 4), total_tokens: 50 },
  };
}

/** The description as a caption with a tag, within `limit` characters (cut at a word). */
function caption(description: string, limit: number): string {
  const words = description.split(/\s+/).filter(Boolean);
  const tag = words.length > 0 ? ` #${(words[0] ?? '').replace(/[^\p{L}\p{N}]/gu, '') || 'news'}` : '';
  const full = `${description.charAt(0).toUpperCase()}${description.slice(1)}${/[.!?]$/.test(description) ? '' : '!'}${tag}`;
  if ([...full].length <= limit) return full;
  let out = '';
  for (const w of words) {
    const next = out ? `${out} ${w}` : w;
    if ([...next].length > limit) break;
    out = next;
  }
  return out || [...full].slice(0, limit).join('');
}

const SIZES = /^(\d{2,4})x(\d{2,4})$/;

function image(req: SimRequest): SimResponse {
  const body = (req.body ?? {}) as { model?: unknown; prompt?: unknown; size?: unknown; n?: unknown };
  if (typeof body.prompt !== 'string' || body.prompt.trim() === '') return invalid('prompt is required');
  const size = typeof body.size === 'string' ? SIZES.exec(body.size) : null;
  if (body.size !== undefined && !size) return invalid(`size ${String(body.size)} is not WIDTHxHEIGHT`);
  // Small pictures of the asked shape: a sandbox needs the aspect ratio, not the pixels.
  const w = size ? Math.max(1, Math.round(Number(size[1]) / 8)) : 128;
  const h = size ? Math.max(1, Math.round(Number(size[2]) / 8)) : 128;
  const hash = createHash('sha256').update(body.prompt).digest();
  const png = flatPng(w, h, [hash[0] ?? 0, hash[1] ?? 0, hash[2] ?? 0]);
  return json(200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: png.toString('base64') }] });
}
