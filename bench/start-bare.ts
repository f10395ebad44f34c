/**
 * The reference of `bench:start`: a bare Fastify app with BARE_ROUTES routes (each
 * with a small response schema, as the service's have) and `/v1/health`, listening on PORT.
 */
import { enableCompileCache } from 'node:module';

enableCompileCache();
const { default: Fastify } = await import('fastify');

const app = Fastify();
const count = Number(process.env.BARE_ROUTES ?? 100);
const answer = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };
for (let i = 1; i < count; i++)
  app.get(`/v1/bare/${i}`, { schema: { response: { 200: answer } } }, async () => ({ ok: true }));
app.get('/v1/health', { schema: { response: { 200: answer } } }, async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
