import { Type } from 'typebox';
import { ROLES } from '../../domain/teams/roles.ts';

const Time = Type.String({ format: 'date-time' });

export const RoleField = Type.Enum([...ROLES], {
  description:
    'owner: everything; admin: members, keys, webhooks, apps; editor: connect accounts, publish, schedule, approve; contributor: drafts and posts that need approval; viewer: read only.',
});

export const KeySchema = Type.Object(
  {
    id: Type.String(),
    prefix: Type.String({
      description: 'The first characters of the key, to tell keys apart; the key itself is shown once.',
    }),
    name: Type.Union([Type.String(), Type.Null()]),
    role: RoleField,
    profileIds: Type.Union([Type.Array(Type.String()), Type.Null()], {
      description: 'The profiles the key is limited to; null: every profile of the project.',
    }),
    createdAt: Time,
    lastUsedAt: Type.Union([Time, Type.Null()]),
    revokedAt: Type.Union([Time, Type.Null()]),
  },
  { $id: 'AccessKey' },
);

export const KeyIdParams = Type.Object({ id: Type.String({ minLength: 1 }) });

const CREATED = '2026-11-20T14:03:11.482Z';

export const keyExample = {
  id: 'key_mwua3r40h2x7m5q9k1c6vb8nz4twd3ry',
  prefix: 'sps_Qx7wK2',
  name: 'Scheduling script',
  role: 'editor',
  profileIds: ['prof_mwu9e1c0a8x2kq7m4w6tz3nb5vdjr9hse'],
  createdAt: CREATED,
  lastUsedAt: null,
  revokedAt: null,
};
