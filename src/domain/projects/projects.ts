import type { AppContext } from '../../context.ts';
import { newId } from '../ids.ts';
import { createAccessKey } from './keys.ts';

export async function createProject(
  ctx: AppContext,
  name: string,
): Promise<{ projectId: string; accessKey: string }> {
  const projectId = newId('proj');
  await ctx.store.db
    .insertInto('projects')
    .values({ id: projectId, name, created_at: ctx.now().toISOString() })
    .execute();
  const { accessKey } = await createAccessKey(ctx, projectId, 'initial');
  return { projectId, accessKey };
}

export async function listProjects(ctx: AppContext) {
  return ctx.store.db.selectFrom('projects').selectAll().orderBy('created_at').execute();
}

/**
 * On the first start with an empty database, creates the project `default` and
 * returns its key and, with OWNER_EMAIL set, the owner's set-password link (both
 * printed once by main.ts). Returns null on every later start.
 * Safe when several nodes start at once: only the node whose insert wins gets a key.
 */
export async function bootstrapDefaultProject(
  ctx: AppContext,
): Promise<{ accessKey: string; ownerLink: string | null } | null> {
  const existing = await ctx.store.db.selectFrom('projects').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const projectId = 'proj_default';
  const inserted = await ctx.store.db
    .insertInto('projects')
    .values({ id: projectId, name: 'default', created_at: ctx.now().toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null;
  const { accessKey } = await createAccessKey(ctx, projectId, 'default');
  return { accessKey, ownerLink: await inviteFirstOwner(ctx, projectId) };
}

/** With OWNER_EMAIL set, the first owner's invitation: the link where they choose their password. */
async function inviteFirstOwner(ctx: AppContext, projectId: string): Promise<string | null> {
  const email = ctx.config.OWNER_EMAIL;
  if (!email) return null;
  const { inviteMember } = await import('../teams/invitations.ts');
  const { OPERATOR } = await import('../teams/members.ts');
  const made = await inviteMember(
    ctx,
    { ...OPERATOR, projectId },
    { email, role: 'owner', sendEmail: false },
  );
  return made.link;
}
