import { Type } from 'typebox';
import { PLATFORMS } from '../../platforms/names.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);

export const PlatformField = Type.Union(
  PLATFORMS.map((p) => Type.Literal(p)),
  { description: 'One value of Platform' },
);

export const AppSummarySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  imageUrl: Nullable(Type.String()),
});

const integrationFields = {
  id: Type.String({ description: 'Integration id; used as accountId elsewhere.' }),
  platform: PlatformField,
  platformUserId: Type.String(),
  username: Nullable(Type.String()),
  displayName: Nullable(Type.String()),
  profileUrl: Nullable(Type.String()),
  imageUrl: Nullable(Type.String()),
  platformMetadata: Type.Record(Type.String(), Type.Unknown()),
  profileId: Nullable(Type.String()),
  appId: Nullable(Type.String()),
  app: Type.Union([AppSummarySchema, Type.Null()]),
  byok: Type.Boolean(),
  sandbox: Type.Boolean({
    description:
      'true when the account lives on the sandbox simulator (the platform has no client id and secret configured).',
  }),
  authStatus: Type.Enum(['active', 'needs_reconnect', 'revoked']),
  authFailureReason: Type.Union([
    Type.Enum(['token_expired', 'token_revoked', 'missing_scopes', 'refresh_failed']),
    Type.Null(),
  ]),
  createdAt: Type.String({ format: 'date-time' }),
};

export const IntegrationSchema = Type.Object(integrationFields, { $id: 'Integration' });

export const IntegrationDetailSchema = Type.Object(
  {
    ...integrationFields,
    scopes: Type.Array(Type.String()),
    accessTokenExpiresAt: Nullable(Type.String({ format: 'date-time' })),
    refreshTokenExpiresAt: Nullable(Type.String({ format: 'date-time' })),
    tokenStatus: Type.Object({
      valid: Type.Boolean({ description: 'The access token is active and not expired now.' }),
      autoRefreshes: Type.Boolean({ description: 'The service renews access without the user.' }),
      needsReconnect: Type.Boolean({
        description:
          'Only the user can restore access: connect the account again (GET /v1/connect/{platform}).',
      }),
      reason: Type.Union(
        [Type.Enum(['token_expired', 'token_revoked', 'missing_scopes', 'refresh_failed']), Type.Null()],
        { description: 'Why it must reconnect; null when it need not.' },
      ),
    }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'IntegrationDetail' },
);

export const IntegrationIdParams = Type.Object({ id: Type.String({ minLength: 1 }) });

export const SelectionParams = Type.Object({ token: Type.String({ minLength: 1 }) });
