/**
 * The AI provider behind /v1/ai: one interface, so the routes and the credit rules
 * do not care who writes the captions and draws the images. The one driver speaks
 * the OpenAI API (./openai.ts), which OpenAI, Ollama, vLLM and llama.cpp's server
 * all serve. Where it points: AI_BASE_URL, else in sandbox mode the simulator's
 * fake (so a new user sees the endpoints work), else nowhere, and the endpoints
 * answer 503 naming the settings to set.
 */
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { OutboundClient } from '../../net/outbound.ts';
import { createOpenAiProvider } from './openai.ts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface GeneratedImage {
  bytes: Buffer;
}

export interface AiProvider {
  readonly textModel: string;
  readonly imageModel: string;
  /** The model's answer to a conversation. Failures are AppErrors (503). */
  chat(messages: readonly ChatMessage[], signal?: AbortSignal): Promise<string>;
  /** One image for the prompt, `size` as WIDTHxHEIGHT. */
  image(prompt: string, size: string, signal?: AbortSignal): Promise<GeneratedImage>;
}

/** The OpenAI-compatible base URL in use, or undefined when no provider is configured. */
export function aiBaseUrl(config: Readonly<Config>): string | undefined {
  if (config.AI_BASE_URL) return config.AI_BASE_URL.replace(/\/$/, '');
  if (config.SANDBOX === 'auto' && config.SIMULATOR_URL)
    return `${config.SIMULATOR_URL.replace(/\/$/, '')}/ai/v1`;
  return undefined;
}

const cache = new WeakMap<object, WeakMap<object, AiProvider>>();

/**
 * The configured provider; 503 with the settings to set when there is none. The
 * image links a provider answers with are fetched through `outbound` (the
 * context's client for addresses that came from outside).
 */
export function aiProvider(ctx: { config: Readonly<Config>; outbound: OutboundClient }): AiProvider {
  const { config, outbound } = ctx;
  const byConfig = cache.get(outbound) ?? new WeakMap<object, AiProvider>();
  cache.set(outbound, byConfig);
  const cached = byConfig.get(config);
  if (cached) return cached;
  const baseUrl = aiBaseUrl(config);
  if (!baseUrl)
    throw new AppError(
      'unavailable',
      'AI generation is not configured: set AI_BASE_URL (an OpenAI-compatible API such as https://api.openai.com/v1 ' +
        'or a local Ollama at http://127.0.0.1:11434/v1), AI_API_KEY if it needs one, and AI_TEXT_MODEL / AI_IMAGE_MODEL',
    );
  const provider = createOpenAiProvider({
    baseUrl,
    apiKey: config.AI_API_KEY,
    textModel: config.AI_TEXT_MODEL,
    imageModel: config.AI_IMAGE_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
    outbound,
  });
  byConfig.set(config, provider);
  return provider;
}
