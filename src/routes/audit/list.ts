import { Type } from 'typebox';
import { listAudit } from '../../domain/audit/list.ts';
import { forbidden } from '../../errors.ts';
import { offsetPaging } from '../../http/paging.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';

const AuditEntrySchema = Type.Object(
  {
    id: Type.String(),
    at: Type.String({ format: 'date-time' }),
    actor: Type.Object({
      kind: Type.String({ description: 'member, key, cli or system' }),
      name: Type.String({ description: "The member's e-mail, key:<id>, cli:<operator> or system" }),
      address: Type.Union([Type.String(), Type.Null()], { description: "The caller's address over HTTP" }),
      displayName: Type.String({
        description:
          'Who it was as a person knows them: the e-mail, access key “<its name>”, <operator> (command line), the service; "(removed) key_…" for a key no longer in the project',
      }),
    }),
    action: Type.String({ description: '<object>.<verb>, such as post.created or profile.updated' }),
    object: Type.Object({
      type: Type.String(),
      id: Type.String(),
      label: Type.Union([Type.String(), Type.Null()], {
        description: 'What a person recognized it by when the change was made',
      }),
      displayName: Type.String({
        description:
          'What a person knows it by today: an account as "@handle on Platform", a post by the start of its text, a key or profile by its name, a member by e-mail, a comment or message we made by its account and text; "(removed) <id>" once it is gone',
      }),
      removed: Type.Boolean({ description: 'True when the object is no longer in the project' }),
    }),
    summary: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
      description:
        'What changed: field → [before, after] for updates, or the facts of the change; never secrets',
    }),
    references: Type.Record(
      Type.String(),
      Type.Object({
        type: Type.String({ description: 'integration, post, key, member or profile' }),
        displayName: Type.String(),
        removed: Type.Boolean(),
      }),
      {
        description:
          'Each id of ours that `summary` names (accounts, profiles, posts, keys, members), named as `object.displayName` is',
      },
    ),
  },
  { $id: 'AuditEntry' },
);

export default defineRoute({
  method: 'GET',
  url: '/v1/audit',
  summary: 'Read the audit log: who changed what, when and from where',
  description:
    'Every change made by a member, an access key, the CLI or the service itself, recorded in the same ' +
    'transaction as the change. Newest first. `action` matches one action (`post.created`) or, ending with ' +
    'a dot, a family (`post.`). Each entry names its actor, its object and the ids its summary mentions as a ' +
    'person knows them today (`displayName`, `references`), read from the project only. Owners and admins with access to every profile only. Entries are kept ' +
    'AUDIT_RETENTION_DAYS.',
  tags: ['audit'],
  access: 'manage',
  query: Type.Object(
    {
      ...offsetPaging(),
      actor: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
      objectId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      action: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z_]+(\\.[a-z_]*)?$' })),
      from: Type.Optional(Type.String({ format: 'date-time' })),
      to: Type.Optional(Type.String({ format: 'date-time' })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        total: Type.Integer(),
        limit: Type.Integer(),
        offset: Type.Integer(),
        entries: Type.Array(AuditEntrySchema),
      }),
      {
        success: true,
        total: 1,
        limit: 20,
        offset: 0,
        entries: [
          {
            id: 'aud_0mhx2k9c4d7e8f9g0h1j2k3m4n',
            at: '2026-11-26T09:30:00.000Z',
            actor: {
              kind: 'member',
              name: 'ana@example.com',
              address: '203.0.113.7',
              displayName: 'ana@example.com',
            },
            action: 'integration.moved',
            object: {
              type: 'integration',
              id: 'int_0mhx2k9c4d7e8f9g0h1j2k3m4n',
              label: 'instagram Acme Bakery (@acmebakery)',
              displayName: '@acmebakery on Instagram',
              removed: false,
            },
            summary: { profileId: [null, 'prof_0mhx2k9c4d7e8f9g0h1j2k3m4p'] },
            references: {
              prof_0mhx2k9c4d7e8f9g0h1j2k3m4p: {
                type: 'profile',
                displayName: 'Acme Bakery',
                removed: false,
              },
            },
          },
        ],
      },
    ),
  },
  errors: [403],
  handler: async ({ query, caller }, ctx) => {
    if (caller.profileIds !== null)
      throw forbidden('The audit log spans every profile; a caller limited to some profiles can not read it');
    const { total, entries } = await listAudit(ctx, caller.projectId, query);
    return { success: true, total, limit: query.limit, offset: query.offset, entries };
  },
});
