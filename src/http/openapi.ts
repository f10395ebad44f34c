import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { defineRoute } from './route.ts';

/** GET /openapi.json: the OpenAPI 3.1 document generated from the route schemas. */
export const documentRoute = (app: FastifyInstance) =>
  defineRoute({
    method: 'GET',
    url: '/openapi.json',
    summary: 'OpenAPI document',
    tags: ['meta'],
    auth: false,
    hidden: true,
    response: { 200: Type.Object({}, { additionalProperties: true }) },
    handler: () => app.swagger(),
  });
