import { type Static, Type } from 'typebox';
import { Uri } from '../shared/options.ts';

const DATE = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';
const TIME = '^([01]\\d|2[0-3]):[0-5]\\d$';

/** GoogleBusinessConfigurations (interface.md). */
export const GoogleBusinessOptions = Type.Object(
  {
    topicType: Type.Optional(Type.Enum(['STANDARD', 'EVENT', 'OFFER'])),
    callToActionType: Type.Optional(
      Type.Enum(['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL', 'GET_OFFER']),
    ),
    callToActionUrl: Type.Optional(Uri('Required for every call-to-action type except CALL.')),
    eventTitle: Type.Optional(Type.String({ minLength: 1 })),
    eventStartDate: Type.Optional(Type.String({ pattern: DATE, description: 'YYYY-MM-DD' })),
    eventStartTime: Type.Optional(Type.String({ pattern: TIME, description: 'HH:MM, 24-hour' })),
    eventEndDate: Type.Optional(Type.String({ pattern: DATE, description: 'YYYY-MM-DD' })),
    eventEndTime: Type.Optional(Type.String({ pattern: TIME, description: 'HH:MM, 24-hour' })),
    offerCouponCode: Type.Optional(Type.String()),
    offerRedeemOnlineUrl: Type.Optional(Uri()),
    offerTermsConditions: Type.Optional(Type.String()),
  },
  { additionalProperties: false, $id: 'GoogleBusinessConfigurations' },
);
export type GoogleBusinessOptions = Static<typeof GoogleBusinessOptions>;
