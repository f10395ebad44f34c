/**
 * Credits of AI generation: checked before the provider is called (402 with the
 * balance, and the provider is never asked), and charged only once the result is
 * in hand, in the same transaction that records the generation. A failed or
 * timed-out call records nothing and charges nothing.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Database } from '../../store/schema.ts';
import { chargeCredits, getBalance } from '../credits/balance.ts';
import { newId } from '../ids.ts';

export const AI_COSTS = { write: 2, image: 10 } as const;
export type AiKind = keyof typeof AI_COSTS;

const WHAT: Record<AiKind, string> = { write: 'an AI caption', image: 'an AI image' };

export async function ensureCredits(ctx: AppContext, projectId: string, kind: AiKind): Promise<void> {
  const b = await getBalance(ctx, projectId);
  const remaining = b.monthly.remaining + b.purchased.remaining;
  if (remaining < AI_COSTS[kind])
    throw new AppError(
      'insufficient_credits',
      `Not enough credits: ${WHAT[kind]} needs ${AI_COSTS[kind]} and ${remaining} remain ` +
        `(${b.monthly.remaining} of the monthly allowance of ${b.monthly.limit} until ${b.monthly.cycleEnd}, ` +
        `${b.purchased.remaining} purchased)`,
    );
}

/** Records the generation and charges it together; `alsoWrite` adds rows of the same result (the stored image). */
export async function recordGeneration(
  ctx: AppContext,
  projectId: string,
  generation: { kind: AiKind; model: string; result: string },
  alsoWrite?: (trx: Transaction<Database>) => Promise<void>,
): Promise<number> {
  const cost = AI_COSTS[generation.kind];
  await ctx.store.db.transaction().execute(async (trx) => {
    const id = newId('gen', ctx.now().getTime());
    await chargeCredits(
      trx,
      ctx,
      projectId,
      [{ amount: cost, reason: `ai_${generation.kind}` }],
      WHAT[generation.kind],
    );
    await trx
      .insertInto('ai_generations')
      .values({
        id,
        project_id: projectId,
        kind: generation.kind,
        credits: cost,
        model: generation.model,
        result: generation.result,
        created_at: ctx.now().toISOString(),
      })
      .execute();
    await alsoWrite?.(trx);
  });
  return cost;
}
