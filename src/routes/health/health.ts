import { Type } from 'typebox';
import type { AppContext } from '../../context.ts';
import { operationalStates } from '../../domain/health/platform-state.ts';
import { defineRoute } from '../../http/route.ts';
import type { PlatformComments } from '../../platforms/engagement.ts';
import { CONTRACT_PLATFORMS, PLATFORMS, type Platform } from '../../platforms/names.ts';
import { ping } from '../../store/db.ts';
import { withExample } from '../examples.ts';

const Ok = Type.Object({ ok: Type.Boolean() });

export const health = defineRoute({
  method: 'GET',
  url: '/v1/health',
  summary: 'Readiness: the database answers',
  description:
    'Answers `{ok: true}` without a key; 503 with `{ok: false}` when the database does not answer within a second.',
  tags: ['health'],
  auth: false,
  response: { 200: withExample(Ok, { ok: true }), 503: withExample(Ok, { ok: false }) },
  handler: async (input, ctx) => {
    const ok = await ping(ctx.store);
    if (!ok) input.reply.status(503);
    return { ok };
  },
});

/**
 * Liveness, apart from readiness: the process is up and its HTTP server answers,
 * whatever the database does. A supervisor that restarts on this one does not
 * restart every node during a database outage, which a restart would not cure.
 */
export const live = defineRoute({
  method: 'GET',
  url: '/v1/health/live',
  summary: 'Liveness, without the database',
  description:
    'Answers `{ok: true}` without a key as long as the process serves HTTP; it never reads the database (use `/v1/health` for readiness).',
  tags: ['health'],
  auth: false,
  response: { 200: withExample(Ok, { ok: true }) },
  handler: () => ({ ok: true }),
});

export const healthAuth = defineRoute({
  method: 'GET',
  url: '/v1/health/auth',
  access: 'read',
  summary: 'Checks an access key',
  description: 'Answers `{ok: true}` when `x-access-key` is valid, 401 otherwise.',
  tags: ['health'],
  response: { 200: withExample(Ok, { ok: true }) },
  handler: () => ({ ok: true }),
});

/**
 * What a platform offers under this service's modules and settings: `available`
 * (connect and publish), `connect_only` (its publisher has not landed yet: targets
 * are refused), `unconfigured` (no app credentials and sandbox mode is off).
 */
function platformAvailability(ctx: AppContext, platform: Platform): Availability {
  if (ctx.endpoints[platform].mode === 'unavailable') return 'unconfigured';
  return ctx.platforms[platform].publisher ? 'available' : 'connect_only';
}

type Availability = 'available' | 'connect_only' | 'unconfigured';

/**
 * The contract's maturity label, which clients validate as an enum: a platform
 * that connects and publishes is `prod`, one that only connects is `beta`, one
 * this deployment can not reach at all is `dev`. The detail stays in `availability`.
 */
const STATUS_OF: Record<Availability, 'prod' | 'beta' | 'dev'> = {
  available: 'prod',
  connect_only: 'beta',
  unconfigured: 'dev',
};

const OPERATIONAL_EXAMPLE = {
  state: 'operational',
  errorRate: 0,
  attempts: 0,
  windowMinutes: 30,
  since: '2026-11-20T13:34:00.000Z',
  until: '2026-11-20T14:03:11.482Z',
};

const COMMENT_ACTIONS = Type.Object({
  reply: Type.Boolean(),
  hide: Type.Boolean({ description: 'Hide a comment and show it again (PATCH with `hidden`).' }),
  delete: Type.Boolean(),
  cannotDelete: Type.Union([Type.String(), Type.Null()], {
    description: 'Why comments can not be deleted there, when `delete` is false.',
  }),
});

/** What the platform's module does with comments, as a client offers it (Threads hides but never deletes). */
const commentActions = (c: PlatformComments | undefined) =>
  c
    ? {
        reply: true,
        hide: true,
        delete: c.delete !== undefined,
        cannotDelete: c.delete ? null : (c.cannotDelete ?? null),
      }
    : null;

export const platforms = defineRoute({
  method: 'GET',
  url: '/v1/platforms',
  access: 'read',
  summary: 'Supported platforms',
  description:
    "Each platform with its `status` (prod, beta or dev, as the contract names them) and, beside it, `availability`: `available` (connect and publish; status prod), `connect_only` (accounts can be connected; publishing there is not available yet; status beta), `unconfigured` (the service has no app for it and sandbox mode is off; status dev). `operational` says how publishing to it went lately, across every project of the service: `state` is `outage` when at least PLATFORM_OUTAGE_ERROR_PERCENT (default 50) of the final outcomes in the last `windowMinutes` (PLATFORM_HEALTH_WINDOW_MINUTES, default 30) failed because of the platform, `degraded` from PLATFORM_DEGRADED_ERROR_PERCENT (default 10), else `operational`; fewer than PLATFORM_HEALTH_MIN_ATTEMPTS (default 10) outcomes count as operational. Only the platform’s failures count (its errors, timeouts, unknown outcomes, processing that never ended, rate limits waited out too often), not refused content or an account’s token. Read at most every PLATFORM_HEALTH_CACHE_SECONDS (default 5). The list is the contract's ten platforms; `all=true` adds the networks published to beyond them (docs/openapi-conformance.md: a value outside the ten reaches a client only when its project used it or it asks).",
  tags: ['health'],
  query: Type.Object(
    {
      all: Type.Boolean({
        default: false,
        description:
          "false: the contract's ten platforms (what a client generated from the contract knows). true: every platform the service publishes to, the networks added beyond the ten included (mastodon, telegram, ...).",
      }),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(
      Type.Object({
        platforms: Type.Array(
          Type.Object({
            name: Type.Enum([...PLATFORMS]),
            status: Type.Enum(['prod', 'beta', 'dev']),
            availability: Type.Enum(['available', 'connect_only', 'unconfigured']),
            comments: Type.Union([Type.Null(), COMMENT_ACTIONS], {
              description:
                'What GET/POST/PATCH/DELETE /v1/comments can do with comments on this platform; null when it reads no comments.',
            }),
            operational: Type.Object({
              state: Type.Enum(['operational', 'degraded', 'outage']),
              errorRate: Type.Number({
                minimum: 0,
                maximum: 1,
                description: 'Platform-caused failures over attempts in the window (0 without attempts).',
              }),
              attempts: Type.Integer({ minimum: 0, description: 'Final publish outcomes in the window.' }),
              windowMinutes: Type.Integer(),
              since: Type.String({ format: 'date-time' }),
              until: Type.String({ format: 'date-time' }),
            }),
          }),
        ),
      }),
      {
        platforms: [
          {
            name: 'twitter',
            status: 'prod',
            availability: 'available',
            comments: null,
            operational: { ...OPERATIONAL_EXAMPLE, attempts: 1284, errorRate: 0.0031 },
          },
          {
            name: 'linkedin',
            status: 'prod',
            availability: 'available',
            comments: null,
            operational: { ...OPERATIONAL_EXAMPLE, state: 'degraded', attempts: 310, errorRate: 0.1742 },
          },
          {
            name: 'googlebusiness',
            status: 'dev',
            availability: 'unconfigured',
            comments: null,
            operational: OPERATIONAL_EXAMPLE,
          },
        ],
      },
    ),
  },
  handler: async ({ query }, ctx) => {
    // Strict clients hold Platform as a closed enum of ten: the others only when asked.
    const names: readonly Platform[] = query.all ? PLATFORMS : CONTRACT_PLATFORMS;
    // Every platform's state, so the cached read serves both lists.
    const operational = await operationalStates(ctx, PLATFORMS);
    return {
      platforms: names.map((name) => {
        const availability = platformAvailability(ctx, name);
        return {
          name,
          status: STATUS_OF[availability],
          availability,
          comments: commentActions(ctx.platforms[name].comments),
          operational: operational.get(name),
        };
      }),
    };
  },
});

export default [health, live, healthAuth, platforms];
