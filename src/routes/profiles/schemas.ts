import { Type } from 'typebox';

export const ProfileSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    integrationCount: Type.Integer(),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Profile' },
);

export const ProfileAnswer = Type.Object({ success: Type.Boolean(), profile: ProfileSchema });
export const ProfileIdParams = Type.Object({ id: Type.String({ minLength: 1 }) });
export const NameField = Type.String({ minLength: 1, maxLength: 200 });
export const DescriptionField = Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]);
