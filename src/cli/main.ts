/**
 * Admin commands: `npm run cli -- <command>`.
 *   project create --name NAME [--json]     a project and its first access key
 *   project list [--json]
 *   key create --project ID [--name N] [--json]
 *   key list --project ID [--json]
 *   key revoke KEY_ID
 *   member add|list|set-role|remove|reset-link   people who sign in (member-commands.ts)
 *   credits add --project ID --amount N      grant purchased credits (they never expire)
 *   credits show --project ID [--json]       the project's credit balance
 *   migrate                                  bring the database schema up to date
 *   rotate-key [--limit N] [--json]          re-encrypt stored secrets under a new key (rotate-key.ts)
 *   backup --to DIR [--without-key] [--json] a consistent SQLite backup while the service runs (backup.ts)
 * Uses the same settings as the service, read the same way: the environment, `.env` in the
 * working directory, and the flags --data-dir, --database-url and --public-url (anywhere on
 * the line). Each command says on stderr which database it opened; only `project create` and
 * `migrate` start a new one (cli-context.ts).
 */
import { enableCompileCache } from 'node:module';
import { Command } from 'commander';
import { ConfigError } from '../config-error.ts';
import type { AppContext } from '../context.ts';
import type { Role } from '../domain/teams/roles.ts';
import { AppError } from '../errors.ts';
import { registerApprovalCommands } from './approval-commands.ts';
import { registerBackup } from './backup.ts';
import { cliConfig, takeSettingFlags, withCliContext } from './cli-context.ts';
import { registerMcpCommand } from './mcp.ts';
import { registerMemberCommands } from './member-commands.ts';
import { registerPlanningCommands } from './planning-commands.ts';
import { registerRotateKey } from './rotate-key.ts';
import { registerUserCommands } from './user-commands.ts';

// What a command loads when it runs (the store, the service) is compiled once and kept
// (src/start.js says where); the imports above are compiled before this line runs.
enableCompileCache();

const print = (json: boolean | undefined, value: unknown, text: string) =>
  process.stdout.write(`${json ? JSON.stringify(value) : text}\n`);

/**
 * Admin commands read the service's settings and open its store; what they need is
 * loaded when one runs (cli-context.ts), so that user commands start in a fraction
 * of a second.
 */
async function withContext<T>(
  fn: (ctx: AppContext) => Promise<T>,
  options: { mayStartDatabase?: boolean } = {},
): Promise<T> {
  return withCliContext(await cliConfig(), fn, options);
}

const projectsDomain = () => import('../domain/projects/projects.ts');
const keysDomain = () => import('../domain/projects/keys.ts');
const balances = () => import('../domain/credits/balance.ts');

/** A command about a project that does not exist says so (and exits non-zero) instead of printing nothing. */
async function requireProject(ctx: AppContext, projectId: string): Promise<void> {
  const found = await ctx.store.db
    .selectFrom('projects')
    .select('id')
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!found) throw new AppError('not_found', `Project ${projectId} does not exist (see: project list)`);
}

const program = new Command('sps')
  .description('Administration of the social publishing service, and its use from the command line')
  .showHelpAfterError();

const project = program
  .command('project')
  .description('Projects: each owns its keys, integrations and posts');
project
  .command('create')
  .description('Create a project and print its first access key (shown once)')
  .requiredOption('--name <name>', 'project name')
  .option('--json', 'print JSON')
  .action((o: { name: string; json?: boolean }) =>
    withContext(
      async (ctx) => {
        const first = !(await ctx.store.db.selectFrom('projects').select('id').limit(1).executeTakeFirst());
        // A first project on a database no service has used yet is said aloud: it may be the wrong database.
        if (first)
          process.stderr.write(
            `Note: ${ctx.store.describe} had no projects; this is its first. If the service runs on another database, give the CLI its DATA_DIR or DATABASE_URL.\n`,
          );
        const created = await (await projectsDomain()).createProject(ctx, o.name);
        print(
          o.json,
          created,
          `Project ${created.projectId} created.\nAccess key (shown once): ${created.accessKey}`,
        );
      },
      { mayStartDatabase: true },
    ),
  );
project
  .command('list')
  .description('List every project')
  .option('--json', 'print JSON')
  .action((o: { json?: boolean }) =>
    withContext(async (ctx) => {
      const rows = await (await projectsDomain()).listProjects(ctx);
      const projects = rows.map((r) => ({ projectId: r.id, name: r.name, createdAt: r.created_at }));
      print(o.json, projects, projects.map((p) => `${p.projectId}  ${p.name}  ${p.createdAt}`).join('\n'));
    }),
  );

const key = program.command('key').description('Access keys of a project');
key
  .command('create')
  .description('Create another access key for a project (shown once)')
  .requiredOption('--project <id>', 'project id')
  .option('--name <name>', 'a label for the key')
  .option(
    '--role <role>',
    'a narrower key: viewer (read only), contributor, editor (publish), admin; default owner (full access)',
  )
  .option('--profile <ids>', 'limit the key to these profiles (comma-separated profile ids)')
  .option('--json', 'print JSON')
  .action((o: { project: string; name?: string; role?: string; profile?: string; json?: boolean }) =>
    withContext(async (ctx) => {
      const created = await (await keysDomain()).createAccessKey(ctx, o.project, o.name ?? null, {
        role: (o.role ?? 'owner') as Role,
        profileIds: o.profile ? o.profile.split(',').map((id) => id.trim()) : null,
      });
      print(o.json, created, `Key ${created.keyId} created.\nAccess key (shown once): ${created.accessKey}`);
    }),
  );
key
  .command('list')
  .description("List a project's access keys (prefixes only; keys are never shown again)")
  .requiredOption('--project <id>', 'project id')
  .option('--json', 'print JSON')
  .action((o: { project: string; json?: boolean }) =>
    withContext(async (ctx) => {
      await requireProject(ctx, o.project);
      const list = await (await keysDomain()).listAccessKeys(ctx, o.project);
      print(
        o.json,
        list,
        list
          .map(
            (k) =>
              `${k.id}  ${k.prefix}…  ${k.name ?? ''}  ${k.role}${k.profileIds ? ` (profiles ${k.profileIds.join(', ')})` : ''}  ${k.revokedAt ? `revoked ${k.revokedAt}` : 'active'}`,
          )
          .join('\n'),
      );
    }),
  );
key
  .command('revoke')
  .description('Revoke an access key: requests with it answer 401 from now on')
  .argument('<keyId>', 'id of the key (from key list)')
  .action((keyId: string) =>
    withContext(async (ctx) => {
      await (await keysDomain()).revokeAccessKey(ctx, keyId);
      process.stdout.write(`Key ${keyId} revoked.\n`);
    }),
  );

const credits = program.command('credits').description('Credits of a project');
const showBalance = (
  json: boolean | undefined,
  b: Awaited<ReturnType<typeof import('../domain/credits/balance.ts').getBalance>>,
) =>
  print(
    json,
    b,
    `Monthly: ${b.monthly.used}/${b.monthly.limit} used until ${b.monthly.cycleEnd}\nPurchased: ${b.purchased.used}/${b.purchased.total} used, ${b.purchased.remaining} remaining`,
  );
credits
  .command('add')
  .description('Grant purchased credits to a project (they never expire)')
  .requiredOption('--project <id>', 'project id')
  .requiredOption('--amount <n>', 'purchased credits to add (a positive whole number)')
  .option('--json', 'print JSON')
  .action((o: { project: string; amount: string; json?: boolean }) =>
    withContext(async (ctx) => {
      const amount = /^\d+$/.test(o.amount) ? Number(o.amount) : Number.NaN;
      showBalance(o.json, await (await balances()).addPurchasedCredits(ctx, o.project, amount));
    }),
  );
credits
  .command('show')
  .description("Show a project's credit balance (monthly allowance and purchased credits)")
  .requiredOption('--project <id>', 'project id')
  .option('--json', 'print JSON')
  .action((o: { project: string; json?: boolean }) =>
    withContext(async (ctx) => {
      await requireProject(ctx, o.project);
      showBalance(o.json, await (await balances()).getBalance(ctx, o.project));
    }),
  );

program
  .command('migrate')
  .description('Apply pending database migrations')
  .action(() =>
    withContext(
      async (ctx) => {
        const { migrateToLatest } = await import('../store/migrate.ts');
        const applied = await migrateToLatest(ctx.store);
        process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Schema is up to date.\n');
      },
      { mayStartDatabase: true },
    ),
  );

program
  .command('analytics')
  .description('Analytics history')
  .command('collect')
  .description(
    "Collect accounts' counts and due post snapshots now (every account, or one project's or account's)",
  )
  .option('--project <id>', 'only this project')
  .option('--integration <id>', 'only this account')
  .option('--json', 'print JSON')
  .action(async (o: { project?: string; integration?: string; json?: boolean }) => {
    // In sandbox mode the platforms are the running service's simulator, not the real ones.
    const { besideRunningSandbox } = await import('../platforms/sandbox.ts');
    return withCliContext(besideRunningSandbox(await cliConfig()), async (ctx) => {
      if (o.project) await requireProject(ctx, o.project);
      const { collectNow } = await import('../domain/analytics-history/collect-job.ts');
      const r = await collectNow(ctx, { projectId: o.project, integrationId: o.integration });
      const counts = Object.entries(r)
        .filter(([k]) => k !== 'accounts' && k !== 'targets')
        .map(([k, v]) => `${v} ${k}`)
        .join(', ');
      print(
        o.json,
        r,
        `Collected ${r.accounts} account(s)${counts ? ` (${counts})` : ''} and ${r.targets} post snapshot(s).`,
      );
    });
  });

registerMemberCommands(program);
registerRotateKey(program);
registerBackup(program);
registerMcpCommand(program);
registerUserCommands(program);
registerPlanningCommands(program);
registerApprovalCommands(program);

try {
  // The service's settings given as flags (--data-dir, --database-url, --public-url) may stand anywhere.
  await program.parseAsync(takeSettingFlags(process.argv));
} catch (err) {
  if (err instanceof ConfigError || err instanceof AppError) {
    process.stderr.write(`Error: ${err.message}\n`);
    process.exit(2);
  }
  throw err;
}
