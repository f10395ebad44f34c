import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';

/** The person behind a signed-in member. */
export async function personOfMember(ctx: AppContext, memberId: string): Promise<string> {
  const row = await ctx.store.db
    .selectFrom('members')
    .select('person_id')
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!row) throw new AppError('unauthenticated', 'The session has ended: sign in again');
  return row.person_id;
}
