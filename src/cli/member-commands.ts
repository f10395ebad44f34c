/**
 * People of a project, for the operator (full authority, as an owner):
 *   member add --project ID --email E --role R [--profile IDS] [--json]   prints a one-time link to set the password
 *   member list --project ID [--json]                                     members and open invitations
 *   member set-role --project ID MEMBER ROLE                              MEMBER: a member id or e-mail
 *   member remove --project ID MEMBER
 *   member reset-link --email E [--json]                                  a one-time link to choose a new password
 *   member two-factor-off --project ID MEMBER                             for a lost authenticator (audit-logged)
 * The last owner of a project can be neither removed nor demoted, here either.
 */
import type { Command } from 'commander';
import type { AppContext } from '../context.ts';
import type { Role } from '../domain/teams/roles.ts';
import { AppError } from '../errors.ts';
import { cliConfig, withCliContext } from './cli-context.ts';

const print = (json: boolean | undefined, value: unknown, text: string) =>
  process.stdout.write(`${json ? JSON.stringify(value) : text}\n`);

const run = async <T>(fn: (ctx: AppContext) => Promise<T>) => withCliContext(await cliConfig(), fn);
const members = () => import('../domain/teams/members.ts');
const invitations = () => import('../domain/teams/invitations.ts');

async function operatorOf(ctx: AppContext, projectId: string) {
  const found = await ctx.store.db
    .selectFrom('projects')
    .select('id')
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!found) throw new AppError('not_found', `Project ${projectId} does not exist (see: project list)`);
  return { ...(await members()).OPERATOR, projectId };
}

/** A member named by id or by e-mail. */
async function memberIdOf(ctx: AppContext, projectId: string, member: string): Promise<string> {
  const list = await (await members()).listMembers(ctx, projectId);
  const found = list.find((m) => m.id === member || m.email === member.trim().toLowerCase());
  if (!found)
    throw new AppError('not_found', `No member ${member} in project ${projectId} (see: member list)`);
  return found.id;
}

export function registerMemberCommands(program: Command): void {
  const member = program
    .command('member')
    .description('People of a project: who signs in to the dashboard, with which role');
  member
    .command('add')
    .description('Invite a person; prints a one-time link where they set their password')
    .requiredOption('--project <id>', 'project id')
    .requiredOption('--email <email>', 'their e-mail address')
    .requiredOption('--role <role>', 'owner, admin, editor, contributor or viewer')
    .option('--profile <ids>', 'limit them to these profiles (comma-separated profile ids)')
    .option('--json', 'print JSON')
    .action((o: { project: string; email: string; role: string; profile?: string; json?: boolean }) =>
      run(async (ctx) => {
        const made = await (await invitations()).inviteMember(ctx, await operatorOf(ctx, o.project), {
          email: o.email,
          role: o.role as Role,
          profileIds: o.profile ? o.profile.split(',').map((id) => id.trim()) : null,
          sendEmail: false,
        });
        print(
          o.json,
          made,
          `Invited ${made.invitation.email} as ${made.invitation.role}.\nLink to set the password (works once, until ${made.invitation.expiresAt}):\n${made.link}`,
        );
      }),
    );
  member
    .command('list')
    .description('List the members of a project and the open invitations')
    .requiredOption('--project <id>', 'project id')
    .option('--json', 'print JSON')
    .action((o: { project: string; json?: boolean }) =>
      run(async (ctx) => {
        await operatorOf(ctx, o.project);
        const list = await (await members()).listMembers(ctx, o.project);
        const open = await (await invitations()).listInvitations(ctx, o.project);
        const scope = (ids: string[] | null) => (ids ? ` (profiles ${ids.join(', ')})` : '');
        print(
          o.json,
          { members: list, invitations: open },
          [
            ...list.map(
              (m) => `${m.id}  ${m.email}  ${m.role}${scope(m.profileIds)}${m.totpEnabled ? '  2FA' : ''}`,
            ),
            ...open.map(
              (i) => `${i.id}  ${i.email}  ${i.role}${scope(i.profileIds)}  invited until ${i.expiresAt}`,
            ),
          ].join('\n') || 'No members.',
        );
      }),
    );
  member
    .command('set-role')
    .description("Change a member's role (takes effect on their next request)")
    .requiredOption('--project <id>', 'project id')
    .argument('<member>', 'member id or e-mail')
    .argument('<role>', 'owner, admin, editor, contributor or viewer')
    .action((who: string, role: string, o: { project: string }) =>
      run(async (ctx) => {
        const caller = await operatorOf(ctx, o.project);
        const updated = await (await members()).updateMember(
          ctx,
          caller,
          await memberIdOf(ctx, o.project, who),
          {
            role: role as Role,
          },
        );
        process.stdout.write(`${updated.email} is now ${updated.role}.\n`);
      }),
    );
  member
    .command('remove')
    .description('Remove a member; their sessions end at once')
    .requiredOption('--project <id>', 'project id')
    .argument('<member>', 'member id or e-mail')
    .action((who: string, o: { project: string }) =>
      run(async (ctx) => {
        const caller = await operatorOf(ctx, o.project);
        await (await members()).removeMember(ctx, caller, await memberIdOf(ctx, o.project, who));
        process.stdout.write(`Member ${who} removed.\n`);
      }),
    );
  member
    .command('reset-link')
    .description('A one-time link where a person chooses a new password (their sessions end when they do)')
    .requiredOption('--email <email>', 'their e-mail address')
    .option('--json', 'print JSON')
    .action((o: { email: string; json?: boolean }) =>
      run(async (ctx) => {
        const { issueResetLink } = await import('../domain/teams/password-reset.ts');
        const issued = await issueResetLink(ctx, o.email);
        if (!issued) throw new AppError('not_found', `Nobody with the e-mail ${o.email} has an account`);
        print(o.json, issued, `Link to choose a new password (works once):\n${issued.link}`);
      }),
    );
  member
    .command('two-factor-off')
    .description(
      'Turn off the second factor of a member who lost their authenticator (recorded in the audit log); they sign in with the password until they enrol again',
    )
    .requiredOption('--project <id>', 'project id')
    .argument('<member>', 'member id or e-mail')
    .action((who: string, o: { project: string }) =>
      run(async (ctx) => {
        await operatorOf(ctx, o.project);
        const { turnOffTwoFactorOfMember } = await import('../domain/teams/two-factor-reset.ts');
        const done = await turnOffTwoFactorOfMember(ctx, o.project, await memberIdOf(ctx, o.project, who));
        process.stdout.write(
          `Two-factor sign-in is off for ${done.email}; they sign in with their password.\n`,
        );
      }),
    );
}
