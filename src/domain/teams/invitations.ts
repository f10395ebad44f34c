/**
 * Invitations: a one-time link (tokens.ts) for an e-mail address, a role and an
 * optional profile limit, e-mailed when the service can send mail and always
 * answered to the inviter so they can copy it. Accepting it makes the membership
 * and signs the person in: a new person chooses their password; a person who
 * already has one (a member of another project) confirms it.
 */

import type { AppContext } from '../../context.ts';
import { AppError, conflict } from '../../errors.ts';
import type { Caller } from '../../http/route.ts';
import { recordAudit } from '../audit/record.ts';
import { canSendEmail, queueAccountEmail } from './account-email.ts';
import { addMembership, assertMayGrant } from './members.ts';
import { checkPasswordRules, hashPassword, verifyPassword } from './passwords.ts';
import {
  ensurePerson,
  findPersonByEmail,
  normalizeEmail,
  parseProfileIds,
  setPasswordHash,
} from './people.ts';
import { isRole, type Role } from './roles.ts';
import { createSession, type NewSession } from './sessions.ts';
import { consumeToken, issueToken, peekToken } from './tokens.ts';

export interface InvitationInfo {
  id: string;
  email: string;
  role: Role;
  profileIds: string[] | null;
  createdAt: string;
  expiresAt: string;
}

export const invitationLink = (ctx: AppContext, token: string) =>
  `${ctx.config.PUBLIC_URL}/invitation#${token}`;

export async function inviteMember(
  ctx: AppContext,
  caller: Caller,
  input: {
    email: string;
    role: Role;
    profileIds?: string[] | null | undefined;
    sendEmail?: boolean | undefined;
  },
): Promise<{ invitation: InvitationInfo; link: string; emailed: boolean }> {
  const email = normalizeEmail(input.email);
  const profileIds = input.profileIds ?? null;
  await assertMayGrant(ctx, caller, { role: input.role, profileIds });
  const project = await ctx.store.db
    .selectFrom('projects')
    .select(['id', 'name'])
    .where('id', '=', caller.projectId)
    .executeTakeFirst();
  if (!project) throw new AppError('not_found', 'Project not found');
  const already = await ctx.store.db
    .selectFrom('members')
    .innerJoin('people', 'people.id', 'members.person_id')
    .select('members.id')
    .where('members.project_id', '=', caller.projectId)
    .where('people.email', '=', email)
    .executeTakeFirst();
  if (already) throw conflict(`${email} is already a member of this project`);
  const emailed = input.sendEmail !== false && canSendEmail(ctx);
  return ctx.store.db.transaction().execute(async (trx) => {
    // A new invitation replaces an open one for the same address (its link stops working).
    await trx
      .deleteFrom('account_tokens')
      .where('kind', '=', 'invitation')
      .where('project_id', '=', caller.projectId)
      .where('email', '=', email)
      .where('used_at', 'is', null)
      .execute();
    const issued = await issueToken(ctx, trx, {
      kind: 'invitation',
      email,
      projectId: caller.projectId,
      role: input.role,
      profileIds,
      ttlMs: ctx.config.INVITATION_TTL_HOURS * 3_600_000,
    });
    const link = invitationLink(ctx, issued.token);
    await recordAudit(trx, ctx, {
      projectId: caller.projectId,
      action: 'member.invited',
      object: { type: 'invitation', id: issued.id, label: email },
      summary: { role: input.role, profileIds },
    });
    if (emailed)
      await queueAccountEmail(ctx, trx, {
        to: email,
        subject: `You are invited to ${project.name}`,
        text: `${caller.actor === 'operator' ? 'You were' : `${caller.actor} has`} invited you to the project ${project.name} as ${input.role}.\n\nAccept the invitation and choose your password here (the link works once, until ${issued.expiresAt}):\n${link}\n`,
      });
    return {
      invitation: {
        id: issued.id,
        email,
        role: input.role,
        profileIds,
        createdAt: ctx.now().toISOString(),
        expiresAt: issued.expiresAt,
      },
      link,
      emailed,
    };
  });
}

export async function listInvitations(ctx: AppContext, projectId: string): Promise<InvitationInfo[]> {
  const rows = await ctx.store.db
    .selectFrom('account_tokens')
    .selectAll()
    .where('kind', '=', 'invitation')
    .where('project_id', '=', projectId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', ctx.now().toISOString())
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: isRole(r.role) ? r.role : 'viewer',
    profileIds: parseProfileIds(r.profile_ids),
    createdAt: r.created_at,
    expiresAt: r.expires_at,
  }));
}

export async function revokeInvitation(
  ctx: AppContext,
  projectId: string,
  invitationId: string,
): Promise<void> {
  const res = await ctx.store.db
    .deleteFrom('account_tokens')
    .where('kind', '=', 'invitation')
    .where('project_id', '=', projectId)
    .where('id', '=', invitationId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw new AppError('not_found', 'Invitation not found');
}

/** What an invitation link is for (the accept page shows it, and whether a password must be chosen). */
export async function describeInvitation(ctx: AppContext, token: string) {
  const row = await peekToken(ctx, ctx.store.db, 'invitation', token);
  if (!row?.project_id)
    throw new AppError(
      'not_found',
      'This invitation link is not valid: it expired, was used, or never existed',
    );
  const project = await ctx.store.db
    .selectFrom('projects')
    .select('name')
    .where('id', '=', row.project_id)
    .executeTakeFirst();
  const person = await findPersonByEmail(ctx.store.db, row.email);
  return {
    email: row.email,
    projectName: project?.name ?? '',
    role: isRole(row.role) ? row.role : ('viewer' as Role),
    hasPassword: Boolean(person?.password_hash),
    expiresAt: row.expires_at,
  };
}

/**
 * Uses the invitation: makes the person (choosing their password) or checks the
 * password of the person who already has one, makes the membership, and starts a
 * session in the project.
 */
export async function acceptInvitation(
  ctx: AppContext,
  token: string,
  password: string,
): Promise<{ session: NewSession; memberId: string; personId: string }> {
  const existing = await peekToken(ctx, ctx.store.db, 'invitation', token);
  const known = existing ? await findPersonByEmail(ctx.store.db, existing.email) : undefined;
  // Hashing happens before the transaction: it takes a while and needs no lock.
  let newHash: string | null = null;
  if (known?.password_hash) {
    if (!(await verifyPassword(password, known.password_hash)))
      throw new AppError(
        'unauthenticated',
        'This e-mail already has a password (it is a member elsewhere): enter that password to accept',
      );
  } else {
    checkPasswordRules(password);
    newHash = await hashPassword(password, ctx.config.PASSWORD_SCRYPT_LOG2_N);
  }
  return ctx.store.db.transaction().execute(async (trx) => {
    const row = await consumeToken(ctx, trx, 'invitation', token, 'invitation');
    if (!row.project_id) throw new AppError('not_found', 'This invitation link is not valid');
    const person = await ensurePerson(ctx, trx, row.email);
    if (newHash && !person.password_hash) await setPasswordHash(ctx, trx, person.id, newHash);
    const memberId = await addMembership(ctx, trx, {
      projectId: row.project_id,
      personId: person.id,
      role: isRole(row.role) ? row.role : 'viewer',
      profileIds: parseProfileIds(row.profile_ids),
    });
    const session = await createSession(ctx, trx, { memberId, personId: person.id });
    return { session, memberId, personId: person.id };
  });
}
