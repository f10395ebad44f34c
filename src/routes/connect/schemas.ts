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

/** A fact the platform reported at connect time; null when it did not say. */
const Fact = (description: string) => Type.Optional(Nullable(Type.String({ description })));

/**
 * What connect stores about the account (src/platforms/<name>/auth.ts, `metadata` of each
 * listed account, plus its `type`), for the adapters to act as it. Which fields are present
 * depends on the platform; other properties may appear on accounts connected by other means.
 */
export const PlatformMetadataSchema = Type.Object(
  {
    type: Type.Optional(
      Type.Enum(['user', 'page', 'organization', 'location', 'channel'], {
        description:
          'What kind of account this is: page (Facebook Page), organization (LinkedIn company page), location (Google Business location), channel (YouTube), else user.',
      }),
    ),
    urn: Fact('LinkedIn: the author URN, urn:li:person:{id} or urn:li:organization:{id}.'),
    category: Fact('Facebook: the Page category.'),
    instagramBusinessAccountId: Fact('Facebook: the Instagram Business account linked to the Page.'),
    appScopedId: Fact('Instagram: the app-scoped user id.'),
    accountType: Fact('Instagram and Pinterest: the account type the platform reports (e.g. BUSINESS).'),
    unionId: Fact('TikTok: the union id of the user across the developer’s apps.'),
    pdsUrl: Fact('Bluesky: the personal data server the account was connected on.'),
    accountName: Fact('Google Business: the owning account resource, accounts/{id}.'),
    accountDisplayName: Fact('Google Business: the owning account’s name.'),
    locationName: Fact('Google Business: the location resource, locations/{id}.'),
    resourceName: Fact('Google Business: accounts/{id}/locations/{id}, the parent of its local posts.'),
    mapsUri: Fact('Google Business: the location on Google Maps.'),
    canOperateLocalPost: Type.Optional(
      Type.Boolean({
        description:
          'Google Business: whether Google lets the location post through the API (false for the locations of a chain); read at connect and at each token refresh.',
      }),
    ),
    username: Fact(
      "TikTok and Reddit: the account's username (TikTok's post URLs; Reddit's listings of the account's posts and comments are read by it).",
    ),
    publishRefusal: Fact(
      'Why the platform does not let this account publish through its API (Google Business: canOperateLocalPost is false); creating a post for it is refused (400) with this reason. Absent or null when it may publish.',
    ),
  },
  {
    additionalProperties: true,
    description:
      'Platform facts stored at connect time. Twitter, Threads and YouTube store only `type`; no tokens are ever here.',
  },
);

const integrationFields = {
  id: Type.String({ description: 'Integration id; used as accountId elsewhere.' }),
  platform: PlatformField,
  platformUserId: Type.String(),
  username: Nullable(Type.String()),
  displayName: Nullable(Type.String()),
  profileUrl: Nullable(Type.String({ format: 'uri' })),
  imageUrl: Nullable(Type.String({ format: 'uri' })),
  platformMetadata: PlatformMetadataSchema,
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
      reconnectRequired: Type.Boolean({
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

const Capability = Type.Enum(['publish', 'comments', 'messages', 'analytics']);

/** Whether an account can publish now and what it lacks (src/domain/health/account-health.ts). */
export const AccountHealthFields = {
  canPublish: Type.Boolean({
    description:
      'A post to this account can be published now (a rate limit only delays it: see rateLimited).',
  }),
  reason: Type.Union([Type.String(), Type.Null()], {
    description: 'Why it can not publish, in one sentence.',
  }),
  action: Type.Union([Type.String(), Type.Null()], { description: 'What to do about it.' }),
  tokenExpiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the access token expires; null when it does not.',
  }),
  refreshable: Type.Boolean({ description: 'The service renews the token without the user.' }),
  missingCapabilities: Type.Array(Capability, {
    description:
      'Capabilities of the platform the user did not grant the scopes for (empty when the platform reported no scopes).',
  }),
  missingScopes: Type.Array(Type.String(), { description: 'The scopes behind missingCapabilities.' }),
  lastPublish: Type.Union(
    [
      Type.Object({
        status: Type.Enum(['published', 'failed']),
        at: Type.String({ format: 'date-time' }),
        errorMessage: Type.Union([Type.String(), Type.Null()]),
      }),
      Type.Null(),
    ],
    { description: 'The latest final outcome of a post target of this account; null before the first.' },
  ),
  rateLimited: Type.Boolean({
    description: 'The platform is rate-limiting this account (or its quota is used up) now; posts wait.',
  }),
  rateLimitedUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the wait ends.',
  }),
};

export const AccountHealthSchema = Type.Object(AccountHealthFields, { $id: 'AccountHealth' });

export const IntegrationReadSchema = Type.Object(
  { ...IntegrationDetailSchema.properties, health: AccountHealthSchema },
  { $id: 'IntegrationWithHealth' },
);
