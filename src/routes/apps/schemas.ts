import { Type } from 'typebox';

export const AppSchema = Type.Object(
  {
    id: Type.String({ description: 'Passed as appId when connecting accounts.' }),
    platform: Type.String(),
    name: Type.String(),
    imageUrl: Type.Union([Type.String(), Type.Null()]),
    clientId: Type.String(),
    integrationCount: Type.Integer(),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'OAuthApp', description: 'A customer OAuth app; the client secret is never returned.' },
);

export const AppAnswer = Type.Object({ success: Type.Boolean(), app: AppSchema });
export const AppIdParams = Type.Object({ id: Type.String({ minLength: 1 }) });
export const AppNameField = Type.String({ minLength: 1, maxLength: 200 });
export const ImageUrlField = Type.Union([Type.String({ format: 'uri', maxLength: 2000 }), Type.Null()]);
export const SecretField = Type.String({ minLength: 1, maxLength: 2000 });
