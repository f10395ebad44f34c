/**
 * Invitations: a one-time link (tokens.ts) for an e-mail address, a role and an
 * optional profile limit, e-mailed when the service can send mail and always
 * answered to the inviter so they can copy it. Accepting it makes the membership
 * and signs the person in: a new person chooses their password; a person who
 * already has an account proves it as at sign-in, or is signed in already.
 */

import type { AppContext } from '../../context.ts';
import { AppError, conflict, invalid } from '../../errors.ts';
import type { Caller } from '../../http/route.ts';
import { recordAudit } from '../audit/record.ts';
import { canSendEmail, queueAccountEmail } from './account-email.ts';
import { addMembership, assertMayGrant, membershipsOf } from './members.ts';
import { checkPasswordRules, hashPassword } from './passwords.ts';
import {
  ensurePerson,
  findPersonByEmail,
  normalizeEmail,
  parseProfileIds,
  setPasswordHash,
} from './people.ts';
import { isRole, type Role } from './roles.ts';
import { createSession, endSession, type NewSession } from './sessions.ts';
import { provePerson } from './sign-in.ts';
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

/**
 * What an invitation link is for. It never says whether the e-mail has an account
 * (the inviter holds the link too): only whether the asking browser is signed in as
 * the invited person, who may then accept without a password.
 */
export async function describeInvitation(ctx: AppContext, token: string, viewer: SessionOfViewer | null) {
  const row = await openInvitation(ctx, token);
  const project = await ctx.store.db
    .selectFrom('projects')
    .select('name')
    .where('id', '=', row.project_id)
    .executeTakeFirst();
  return {
    email: row.email,
    projectName: project?.name ?? '',
    role: isRole(row.role) ? row.role : ('viewer' as Role),
    signedIn: viewer?.email === row.email,
    expiresAt: row.expires_at,
  };
}

/** The browser's session, when it has one (the route reads the cookie). */
export interface SessionOfViewer {
  email: string;
  personId: string;
  /** ms since the epoch. */
  expiresAt: number;
  token: string;
}

async function openInvitation(ctx: AppContext, token: string) {
  const row = await peekToken(ctx, ctx.store.db, 'invitation', token);
  if (!row?.project_id)
    throw new AppError(
      'not_found',
      'This invitation link is not valid: it expired, was used, or never existed',
    );
  return { ...row, project_id: row.project_id };
}

/** An e-mail has an account when its person has a password or a membership (OIDC-only, say). */
async function hasAccount(ctx: AppContext, email: string): Promise<boolean> {
  const person = await findPersonByEmail(ctx.store.db, email);
  if (!person) return false;
  return person.password_hash !== null || (await membershipsOf(ctx.store.db, person.id)).length > 0;
}

/**
 * Uses the invitation: makes the membership and starts a session in the project.
 * Who accepts must be the invited person as surely as signing in would make them:
 * - signed in as that person (the browser's session): nothing more is asked, and
 *   the new session ends when that one would have;
 * - an e-mail that has an account: its password, and its second factor when
 *   enrolled, checked by sign-in's own check on the same lockout (provePerson);
 * - a new e-mail: the password they choose.
 * A refusal leaves the link usable; a success uses it once.
 */
export async function acceptInvitation(
  ctx: AppContext,
  token: string,
  input: { password?: string | undefined; totpCode?: string | undefined },
  from: { ip: string; viewer: SessionOfViewer | null },
): Promise<{ session: NewSession; memberId: string; personId: string }> {
  const invitation = await openInvitation(ctx, token);
  const asViewer = from.viewer?.email === invitation.email ? from.viewer : null;
  // Hashing happens before the transaction: it takes a while and needs no lock.
  let newHash: string | null = null;
  if (!asViewer) {
    if (await hasAccount(ctx, invitation.email))
      await provePerson(
        ctx,
        { email: invitation.email, password: input.password ?? '', totpCode: input.totpCode },
        from.ip,
      );
    else {
      if (input.password === undefined) throw invalid('password: choose a password (at least 10 characters)');
      checkPasswordRules(input.password);
      newHash = await hashPassword(input.password, ctx.config.PASSWORD_SCRYPT_LOG2_N);
    }
  }
  return ctx.store.db.transaction().execute(async (trx) => {
    const row = await consumeToken(ctx, trx, 'invitation', token, 'invitation');
    if (!row.project_id) throw new AppError('not_found', 'This invitation link is not valid');
    const person = await ensurePerson(ctx, trx, row.email);
    if (newHash) {
      // Another acceptance made this person a moment ago: theirs is the password, not this one.
      if (person.password_hash)
        throw conflict('This e-mail got an account a moment ago: sign in, then accept');
      await setPasswordHash(ctx, trx, person.id, newHash);
    }
    const memberId = await addMembership(ctx, trx, {
      projectId: row.project_id,
      personId: person.id,
      role: isRole(row.role) ? row.role : 'viewer',
      profileIds: parseProfileIds(row.profile_ids),
    });
    if (asViewer) await endSession(ctx, trx, asViewer.token);
    const session = await createSession(
      ctx,
      trx,
      { memberId, personId: person.id },
      asViewer ? new Date(asViewer.expiresAt).toISOString() : undefined,
    );
    return { session, memberId, personId: person.id };
  });
}
