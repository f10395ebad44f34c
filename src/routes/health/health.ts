import { Type } from 'typebox';
import { defineRoute } from '../../http/route.ts';
import { PLATFORMS } from '../../platforms/names.ts';
import { ping } from '../../store/db.ts';

const Ok = Type.Object({ ok: Type.Boolean() });

export const health = defineRoute({
  method: 'GET',
  url: '/v1/health',
  summary: 'Liveness and database reachability',
  description:
    'Answers `{ok: true}` without a key; 503 with `{ok: false}` when the database does not answer.',
  tags: ['health'],
  auth: false,
  response: { 200: Ok, 503: Ok },
  handler: async (input, ctx) => {
    const ok = await ping(ctx.store);
    if (!ok) input.reply.status(503);
    return { ok };
  },
});

export const healthAuth = defineRoute({
  method: 'GET',
  url: '/v1/health/auth',
  summary: 'Checks an access key',
  description: 'Answers `{ok: true}` when `x-access-key` is valid, 401 otherwise.',
  tags: ['health'],
  response: { 200: Ok },
  handler: () => ({ ok: true }),
});

export const platforms = defineRoute({
  method: 'GET',
  url: '/v1/platforms',
  summary: 'Supported platforms',
  tags: ['health'],
  response: {
    200: Type.Object({
      platforms: Type.Array(Type.Object({ name: Type.String(), status: Type.String() })),
    }),
  },
  handler: () => ({ platforms: PLATFORMS.map((name) => ({ name, status: 'available' })) }),
});

export default [health, healthAuth, platforms];
