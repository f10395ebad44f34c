import { Type } from 'typebox';
import { notFound } from '../../errors.ts';
import { defineRoute } from '../../http/route.ts';

/** The project an access key belongs to, so a client (the dashboard) can say which one it works in. */
export default defineRoute({
  method: 'GET',
  url: '/v1/project',
  access: 'read',
  summary: 'The project of this access key',
  description: 'Answers the id and name of the project the `x-access-key` belongs to.',
  tags: ['health'],
  response: {
    200: Type.Object(
      {
        success: Type.Boolean(),
        project: Type.Object({
          id: Type.String(),
          name: Type.String(),
          createdAt: Type.String({ format: 'date-time' }),
        }),
      },
      {
        examples: [
          {
            success: true,
            project: { id: 'proj_default', name: 'default', createdAt: '2026-11-22T09:00:00.000Z' },
          },
        ],
      },
    ),
  },
  errors: [404],
  handler: async ({ caller }, ctx) => {
    const row = await ctx.store.db
      .selectFrom('projects')
      .select(['id', 'name', 'created_at'])
      .where('id', '=', caller.projectId)
      .executeTakeFirst();
    if (!row) throw notFound('Project');
    return { success: true, project: { id: row.id, name: row.name, createdAt: row.created_at } };
  },
});
