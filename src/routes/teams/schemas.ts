import { Type } from 'typebox';
import { ROLES } from '../../domain/teams/roles.ts';
import { IDS, withExample } from '../examples.ts';

export const RoleField = Type.Union(
  ROLES.map((r) => Type.Literal(r)),
  { description: 'owner, admin, editor, contributor or viewer' },
);
export const EmailField = Type.String({
  format: 'email',
  minLength: 3,
  maxLength: 320,
  description: 'An e-mail address.',
});
export const PasswordField = Type.String({ minLength: 1, maxLength: 200 });
export const ProfileIdsField = Type.Union(
  [Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 100 }), Type.Null()],
  { description: 'The profiles the member is limited to; null for every profile of the project.' },
);
export const CodeField = Type.String({
  minLength: 1,
  maxLength: 40,
  description: 'The 6-digit code of the authenticator app, or an unused recovery code.',
});

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
export const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export const SuccessMessage = Type.Object({ success: Type.Boolean(), message: Type.String() });

const CREATED = '2026-11-20T14:03:11.482Z';
export const MEMBER_IDS = {
  member: 'mem_mwuf0k20q7x3m9c5vb1nz8trd4hy6k2p',
  invitation: 'inv_mwuh2k40c9x5m1q7vb3nz6trd8wy4hk2',
  key: 'key_mwu8x4k0r2m7q9c3vb5nz1twd6hy8kp4',
} as const;

export const MemberSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: RoleField,
  profileIds: Type.Union([Type.Array(Type.String()), Type.Null()]),
  totpEnabled: Type.Boolean({ description: 'The member signs in with a second factor.' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export const memberExample = {
  id: MEMBER_IDS.member,
  email: 'ana@acme.example',
  role: 'editor',
  profileIds: [IDS.profile],
  totpEnabled: false,
  createdAt: CREATED,
  updatedAt: CREATED,
};

export const InvitationSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: RoleField,
  profileIds: Type.Union([Type.Array(Type.String()), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
});
export const invitationExample = {
  id: MEMBER_IDS.invitation,
  email: 'ben@acme.example',
  role: 'contributor',
  profileIds: null,
  createdAt: CREATED,
  expiresAt: '2026-11-27T14:03:11.482Z',
};

const SessionSchema = Type.Object({
  kind: Type.Union([Type.Literal('member'), Type.Literal('key')], {
    description: 'member: a person signed in (session cookie); key: an x-access-key.',
  }),
  memberId: Type.Union([Type.String(), Type.Null()]),
  keyId: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  role: RoleField,
  profileIds: Type.Union([Type.Array(Type.String()), Type.Null()]),
  project: Type.Object({ id: Type.String(), name: Type.String() }),
  projects: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), role: RoleField }), {
    description: 'Every project the person is a member of (switch with POST /v1/auth/switch-project).',
  }),
  totpEnabled: Type.Boolean(),
  expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the session ends at the latest (it ends sooner when idle).',
  }),
});
export const SessionAnswer = withExample(Type.Object({ success: Type.Boolean(), session: SessionSchema }), {
  success: true,
  session: {
    kind: 'member',
    memberId: MEMBER_IDS.member,
    keyId: null,
    email: 'ana@acme.example',
    role: 'editor',
    profileIds: null,
    project: { id: 'proj_default', name: 'default' },
    projects: [{ id: 'proj_default', name: 'default', role: 'editor' }],
    totpEnabled: false,
    expiresAt: '2026-11-29T14:03:11.482Z',
  },
});

export const SESSION_COOKIE_NOTE =
  'On success the answer sets the `sps_session` cookie (HttpOnly, SameSite=Lax, Secure when PUBLIC_URL is https): the dashboard then sends it instead of an access key. Changes made with the cookie must carry an Origin (or Referer) of the service itself.';
