import { Type } from 'typebox';
import { createApp, deleteApp, getApp, listApps, updateApp } from '../../domain/apps/apps.ts';
import { defineRoute } from '../../http/route.ts';
import type { Platform } from '../../platforms/names.ts';
import { PlatformField } from '../connect/schemas.ts';
import { appExample, withExample } from '../examples.ts';
import { AppAnswer, AppIdParams, AppNameField, AppSchema, ImageUrlField, SecretField } from './schemas.ts';

const create = defineRoute({
  method: 'POST',
  url: '/v1/apps',
  access: 'manage',
  summary: 'Register your own OAuth app',
  description:
    'Connect accounts under it with `appId` on GET /v1/connect/{platform}. Register our callback `{PUBLIC_URL}/v1/connect/{platform}/callback` as its redirect URI. The clientSecret is stored encrypted and never returned. A clientId already registered for the platform in this project is 409.',
  tags: ['apps'],
  body: Type.Object(
    {
      platform: PlatformField,
      name: AppNameField,
      clientId: Type.String({ minLength: 1, maxLength: 500 }),
      clientSecret: SecretField,
      imageUrl: Type.Optional(ImageUrlField),
    },
    { additionalProperties: false },
  ),
  response: {
    201: withExample(AppAnswer, {
      success: true,
      app: { ...appExample, integrationCount: 0, updatedAt: appExample.createdAt },
    }),
  },
  errors: [409],
  handler: async ({ body, caller }, ctx) => ({
    success: true,
    app: await createApp(ctx, caller.projectId, { ...body, platform: body.platform as Platform }),
  }),
});

const list = defineRoute({
  method: 'GET',
  url: '/v1/apps',
  access: 'read',
  summary: 'List your OAuth apps',
  tags: ['apps'],
  query: Type.Object(
    {
      platform: Type.Optional(PlatformField),
      page: Type.Integer({ minimum: 1, default: 1 }),
      limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
      name: Type.Optional(Type.String({ maxLength: 200 })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        total: Type.Integer(),
        page: Type.Integer(),
        limit: Type.Integer(),
        apps: Type.Array(AppSchema),
      }),
      { success: true, total: 1, page: 1, limit: 50, apps: [appExample] },
    ),
  },
  handler: async ({ query, caller }, ctx) => {
    const { total, apps } = await listApps(ctx, caller.projectId, query);
    return { success: true, total, page: query.page, limit: query.limit, apps };
  },
});

const read = defineRoute({
  method: 'GET',
  url: '/v1/apps/:id',
  access: 'read',
  summary: 'Read an OAuth app',
  tags: ['apps'],
  params: AppIdParams,
  response: { 200: withExample(AppAnswer, { success: true, app: appExample }) },
  errors: [404],
  handler: async ({ params, caller }, ctx) => ({
    success: true,
    app: await getApp(ctx, caller.projectId, params.id),
  }),
});

const update = defineRoute({
  method: 'PATCH',
  url: '/v1/apps/:id',
  access: 'manage',
  summary: 'Rename an OAuth app, change its image or rotate its secret',
  description:
    'clientId and platform can not change: a refresh token is bound to the client that issued it; to use another client, create a new app and reconnect.',
  tags: ['apps'],
  params: AppIdParams,
  body: Type.Object(
    {
      name: Type.Optional(AppNameField),
      imageUrl: Type.Optional(ImageUrlField),
      clientSecret: Type.Optional(SecretField),
    },
    { additionalProperties: false },
  ),
  response: { 200: withExample(AppAnswer, { success: true, app: appExample }) },
  errors: [404],
  handler: async ({ params, body, caller }, ctx) => ({
    success: true,
    app: await updateApp(ctx, caller.projectId, params.id, body),
  }),
});

const remove = defineRoute({
  method: 'DELETE',
  url: '/v1/apps/:id',
  access: 'manage',
  summary: 'Delete an OAuth app',
  description: '409 while integrations still use it.',
  tags: ['apps'],
  params: AppIdParams,
  response: {
    200: withExample(Type.Object({ success: Type.Boolean(), message: Type.String() }), {
      success: true,
      message: 'App deleted',
    }),
  },
  errors: [404, 409],
  handler: async ({ params, caller }, ctx) => {
    await deleteApp(ctx, caller.projectId, params.id);
    return { success: true, message: 'App deleted' };
  },
});

export default [create, list, read, update, remove];
