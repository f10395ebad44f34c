/**
 * The operator's way back in for a person who lost the device with their
 * authenticator (and their recovery codes): `cli member two-factor-off` turns the
 * second factor off without a code. It is recorded in the project's audit log,
 * in the same transaction, so a project's owners can see who was let in this way;
 * the person signs in with the password alone until they enrol again.
 */
import type { AppContext } from '../../context.ts';
import { conflict } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import { getMember } from './members.ts';

export async function turnOffTwoFactorOfMember(
  ctx: AppContext,
  projectId: string,
  memberId: string,
): Promise<{ email: string }> {
  return ctx.store.db.transaction().execute(async (trx) => {
    const { row, info } = await getMember(trx, projectId, memberId);
    const res = await trx
      .updateTable('people')
      .set({
        totp_secret_enc: null,
        totp_pending_enc: null,
        recovery_codes: null,
        updated_at: ctx.now().toISOString(),
      })
      .where('id', '=', row.personId)
      .where('totp_secret_enc', 'is not', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw conflict(`Two-factor sign-in is not on for ${info.email}`);
    await recordAudit(trx, ctx, {
      projectId,
      action: 'member.two_factor_removed',
      object: { type: 'member', id: row.id, label: info.email },
      summary: { by: 'operator' },
    });
    return { email: info.email };
  });
}
