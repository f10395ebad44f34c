/**
 * The service's app on each Mastodon instance. Mastodon has no central app: a
 * client registers itself on every instance (`POST /api/v1/apps`), so the first
 * connect to an instance registers there and keeps the app (secret sealed) in
 * `mastodon_apps`; later connects reuse it. Anyone may name any instance, so the
 * registrations are bounded: at most MASTODON_INSTANCES_MAX instances in all, and
 * MASTODON_NEW_INSTANCES_PER_DAY new ones per project a day (and three times as many
 * tries, failed ones included). What an instance
 * answers is read with care (ids and secrets of bounded length; its answer size is
 * bounded by the outbound client), and every call there goes through the address
 * filter (AuthEnv.outside).
 */
import type { AppContext } from '../../context.ts';
import { AppError, invalid } from '../../errors.ts';
import { platformUrlGuard } from '../../net/outbound.ts';
import { authEnv } from '../../platforms/auth-registry.ts';
import type { AuthEnv, ClientCredentials } from '../../platforms/auth-types.ts';
import { PlatformError } from '../../platforms/contract.ts';
import { instanceCall, objectAnswer } from '../../platforms/mastodon/api.ts';
import { MASTODON_SCOPES } from '../../platforms/mastodon/auth.ts';
import { checkInstanceUrl } from '../../platforms/mastodon/instance-url.ts';

const DAY_MS = 86_400_000;

/**
 * Registration attempts per project in this process, failures included: a host that
 * is not a Mastodon instance stores no app, yet each try sends it a request, so the
 * tries are bounded too (three times the day's new instances; at most 10,000
 * projects remembered, the oldest forgotten first).
 */
const attempts = new Map<string, number[]>();

function countAttempt(ctx: AppContext, projectId: string): void {
  const now = ctx.now().getTime();
  const recent = (attempts.get(projectId) ?? []).filter((at) => now - at < DAY_MS);
  if (recent.length >= 3 * ctx.config.MASTODON_NEW_INSTANCES_PER_DAY)
    throw new AppError(
      'rate_limited',
      'This project tried too many Mastodon instances not yet known in the last 24 hours; connect to an instance already known or try again later',
      { 'retry-after': '3600' },
    );
  recent.push(now);
  attempts.delete(projectId);
  attempts.set(projectId, recent);
  while (attempts.size > 10_000) attempts.delete(attempts.keys().next().value as string);
}

/** The service's default instance (the simulator in sandbox mode, or MASTODON_INSTANCE_URL), or null. */
function defaultInstance(ctx: AppContext): string | null {
  const e = ctx.endpoints.mastodon;
  return e.mode === 'sandbox' || ctx.config.MASTODON_INSTANCE_URL ? e.url('api', '') : null;
}

/** The instance a connect runs on: the one named (checked), else the default one. */
export function resolveInstance(ctx: AppContext, named: string | undefined): string {
  const fallback = defaultInstance(ctx);
  if (named === undefined || named.trim() === '') {
    if (fallback) return fallback.replace(/\/+$/, '');
    throw invalid('instance is required: GET /v1/connect/mastodon?instance=https://<your instance>');
  }
  const check = checkInstanceUrl(named, fallback);
  if (!check.ok) throw invalid(check.problem);
  return check.origin;
}

/** The AuthEnv of one instance: its address for every host, its app, the address filter. */
export function mastodonEnv(ctx: AppContext, instance: string, client: ClientCredentials): AuthEnv {
  const trusted = defaultInstance(ctx);
  return {
    ...authEnv(ctx, 'mastodon', client),
    url: (_host, path) => `${instance}${path}`,
    outside: platformUrlGuard(ctx.outbound, trusted ? [trusted] : []),
  };
}

const text = (v: unknown, max: number): string | null =>
  typeof v === 'string' && v.length > 0 && v.length <= max && /^[\x21-\x7e]+$/.test(v) ? v : null;

/** The stored app of an instance, or null. */
export async function storedApp(ctx: AppContext, instance: string): Promise<ClientCredentials | null> {
  const row = await ctx.store.db
    .selectFrom('mastodon_apps')
    .selectAll()
    .where('instance', '=', instance)
    .executeTakeFirst();
  return row ? { clientId: row.client_id, clientSecret: ctx.sealer.open(row.client_secret_enc) } : null;
}

/** The app on the instance: the stored one, or registered now within the bounds. */
export async function instanceApp(
  ctx: AppContext,
  projectId: string,
  instance: string,
): Promise<ClientCredentials> {
  const redirectUri = authEnv(ctx, 'mastodon').redirectUri;
  const row = await ctx.store.db
    .selectFrom('mastodon_apps')
    .selectAll()
    .where('instance', '=', instance)
    .executeTakeFirst();
  if (row && row.redirect_uri === redirectUri)
    return { clientId: row.client_id, clientSecret: ctx.sealer.open(row.client_secret_enc) };
  if (!row) {
    await checkBounds(ctx, projectId);
    countAttempt(ctx, projectId);
  }
  const client = await register(ctx, instance, redirectUri);
  const now = ctx.now().toISOString();
  const values = {
    client_id: client.clientId,
    client_secret_enc: ctx.sealer.seal(client.clientSecret),
    redirect_uri: redirectUri,
  };
  if (row) {
    await ctx.store.db.updateTable('mastodon_apps').set(values).where('instance', '=', instance).execute();
    return client;
  }
  await ctx.store.db
    .insertInto('mastodon_apps')
    .values({ instance, ...values, registered_by_project: projectId, registered_at: now })
    .onConflict((oc) => oc.column('instance').doNothing())
    .execute();
  // Two connects racing to a new instance: the app stored first is the one every connect uses.
  return (await storedApp(ctx, instance)) ?? client;
}

async function checkBounds(ctx: AppContext, projectId: string): Promise<void> {
  const all = await ctx.store.db
    .selectFrom('mastodon_apps')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(all.n) >= ctx.config.MASTODON_INSTANCES_MAX)
    throw new AppError(
      'unavailable',
      `This service has registered on ${ctx.config.MASTODON_INSTANCES_MAX} Mastodon instances, its limit (MASTODON_INSTANCES_MAX); it registers on no further instance`,
    );
  const since = new Date(ctx.now().getTime() - DAY_MS).toISOString();
  const recent = await ctx.store.db
    .selectFrom('mastodon_apps')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('registered_by_project', '=', projectId)
    .where('registered_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= ctx.config.MASTODON_NEW_INSTANCES_PER_DAY)
    throw new AppError(
      'rate_limited',
      `This project connected to ${ctx.config.MASTODON_NEW_INSTANCES_PER_DAY} new Mastodon instances in the last 24 hours, the most it may; connect to an instance already known or try again tomorrow`,
      { 'retry-after': '3600' },
    );
}

async function register(ctx: AppContext, instance: string, redirectUri: string): Promise<ClientCredentials> {
  const env = mastodonEnv(ctx, instance, { clientId: '', clientSecret: '' });
  try {
    const res = await instanceCall(
      { instance, outside: env.outside, timeoutMs: env.timeoutMs },
      '/api/v1/apps',
      {
        method: 'POST',
        json: {
          client_name: ctx.config.MASTODON_APP_NAME,
          redirect_uris: [redirectUri],
          scopes: MASTODON_SCOPES.join(' '),
          website: ctx.config.PUBLIC_URL,
        },
        what: 'Mastodon: register the app',
      },
    );
    const answer = objectAnswer(res.json, 'Mastodon: the app');
    const clientId = text(answer.client_id, 512);
    const clientSecret = text(answer.client_secret, 512);
    if (!clientId || !clientSecret)
      throw new AppError(
        'platform_error',
        `${instance} answered the app registration without a usable client id and secret: is it a Mastodon instance?`,
      );
    return { clientId, clientSecret };
  } catch (err) {
    if (err instanceof PlatformError)
      throw new AppError(
        'platform_error',
        `Could not register on the Mastodon instance ${instance}: ${err.message}`,
      );
    throw err;
  }
}
