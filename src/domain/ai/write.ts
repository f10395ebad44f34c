/**
 * POST /v1/ai/write: a caption from a description that fits the strictest limit
 * of the given platforms (all platforms when none are given). The model is told
 * the limit; an answer that still breaks a platform's rules is sent back once
 * with the problems, and one that still does is trimmed at a word until it fits.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { CONTRACT_PLATFORMS, type Platform } from '../../platforms/names.ts';
import { ensureCredits, recordGeneration } from './credits.ts';
import { cleanCaption, strictestLimit, textProblems, trimToFit } from './fit.ts';
import { aiProvider, type ChatMessage } from './provider.ts';

export interface WriteRequest {
  description: string;
  platforms?: Platform[];
  existingContent?: string;
}

export interface WriteAnswer {
  content: string;
  creditsCharged: number;
}

export async function writeCaption(
  ctx: AppContext,
  projectId: string,
  req: WriteRequest,
): Promise<WriteAnswer> {
  const provider = aiProvider(ctx);
  await ensureCredits(ctx, projectId, 'write');
  const platforms =
    req.platforms && req.platforms.length > 0 ? [...new Set(req.platforms)] : [...CONTRACT_PLATFORMS]; // unnamed: the contract's ten, as before more networks came
  const limit = strictestLimit(ctx.platforms, platforms);
  const messages: ChatMessage[] = [
    {
      role: 'system',
      content:
        'You write captions for social media posts. Answer with the caption only: no quotes, no preamble, ' +
        `no explanation. The caption must be at most ${limit} characters, counting every URL as 23 and every ` +
        'emoji as 2; hashtags are welcome when they fit.',
    },
    {
      role: 'user',
      content:
        `Platforms: ${platforms.join(', ')}\nDescription: ${req.description}` +
        (req.existingContent ? `\nImprove this draft, keeping its meaning:\n${req.existingContent}` : ''),
    },
  ];
  let content = cleanCaption(await provider.chat(messages));
  let problems = textProblems(ctx.platforms, platforms, content);
  if (problems.length > 0) {
    // One more try, told exactly what broke; what still does not fit is trimmed below.
    messages.push(
      { role: 'assistant', content },
      {
        role: 'user',
        content: `That caption does not fit: ${problems.join('; ')}. Write it again, shorter: at most ${limit} characters.`,
      },
    );
    content = cleanCaption(await provider.chat(messages));
    problems = textProblems(ctx.platforms, platforms, content);
  }
  if (problems.length > 0) content = trimToFit(ctx.platforms, platforms, content);
  if (content === '')
    throw new AppError('unavailable', 'The AI provider answered no usable caption; nothing was charged');
  const creditsCharged = await recordGeneration(ctx, projectId, {
    kind: 'write',
    model: provider.textModel,
    result: content,
  });
  return { content, creditsCharged };
}
