import { type Static, Type } from 'typebox';
import { MediaFittingOptions, Uri } from '../shared/options.ts';

const DATE = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';
const TIME = '^([01]\\d|2[0-3]):[0-5]\\d$';

/** GoogleBusinessConfigurations (interface.md). */
export const GoogleBusinessOptions = Type.Object(
  {
    ...MediaFittingOptions,
    topicType: Type.Optional(Type.Enum(['STANDARD', 'EVENT', 'OFFER'], { default: 'STANDARD' })),
    callToActionType: Type.Optional(
      Type.Enum(['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL', 'GET_OFFER']),
    ),
    callToActionUrl: Type.Optional(Uri('Required for every call-to-action type except CALL.')),
    eventTitle: Type.Optional(
      Type.String({ minLength: 1, description: 'Required when topicType is EVENT.' }),
    ),
    eventStartDate: Type.Optional(
      Type.String({ pattern: DATE, description: 'YYYY-MM-DD. Required when topicType is EVENT.' }),
    ),
    eventStartTime: Type.Optional(
      Type.String({ pattern: TIME, description: 'HH:MM, 24-hour. Required when topicType is EVENT.' }),
    ),
    eventEndDate: Type.Optional(
      Type.String({ pattern: DATE, description: 'YYYY-MM-DD. Required when topicType is EVENT.' }),
    ),
    eventEndTime: Type.Optional(
      Type.String({ pattern: TIME, description: 'HH:MM, 24-hour. Required when topicType is EVENT.' }),
    ),
    offerCouponCode: Type.Optional(Type.String({ description: 'OFFER posts.' })),
    offerRedeemOnlineUrl: Type.Optional(Uri('OFFER posts.')),
    offerTermsConditions: Type.Optional(Type.String({ description: 'OFFER posts.' })),
  },
  { additionalProperties: false, $id: 'GoogleBusinessConfigurations' },
);
export type GoogleBusinessOptions = Static<typeof GoogleBusinessOptions>;
