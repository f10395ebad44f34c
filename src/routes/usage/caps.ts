import { Type } from 'typebox';
import { getSpendCaps, setSpendCaps } from '../../domain/platform-spend/caps.ts';
import { defineRoute } from '../../http/route.ts';
import { PLATFORMS } from '../../platforms/names.ts';
import { withExample } from '../examples.ts';

const CapsAnswer = withExample(
  Type.Object({
    success: Type.Boolean(),
    caps: Type.Record(Type.String(), Type.Object({ monthly: Type.Number(), currency: Type.String() }), {
      propertyNames: { enum: [...PLATFORMS] },
    }),
  }),
  { success: true, caps: { twitter: { monthly: 50, currency: 'USD' } } },
);

export const readCaps = defineRoute({
  method: 'GET',
  url: '/v1/usage/caps',
  access: 'read',
  summary: 'Monthly platform spend caps',
  description:
    'The most the project may spend, per calendar month (UTC), on each platform that charges for the calls the service makes (X), in the currency of its prices.',
  tags: ['usage'],
  response: { 200: CapsAnswer },
  errors: [503],
  handler: async ({ caller }, ctx) => ({ success: true, caps: await getSpendCaps(ctx, caller) }),
});

export const replaceCaps = defineRoute({
  method: 'PUT',
  url: '/v1/usage/caps',
  access: 'manage',
  summary: 'Set or remove monthly platform spend caps',
  description:
    'Sets each named platform\'s monthly cap (`{"twitter": {"monthly": 50}}`) or removes it (`{"monthly": null}`); platforms not named keep theirs. A create whose targets would take a platform\'s spend this month past its cap is refused with 402, naming the cap and the spend so far; a scheduled target that would pass it when its time comes fails with that reason (its credit refunded), and `account.spend_cap_reached` is sent once per platform and month.',
  tags: ['usage'],
  body: Type.Record(
    Type.String(),
    Type.Object(
      { monthly: Type.Union([Type.Number({ minimum: 0, maximum: 1_000_000 }), Type.Null()]) },
      { additionalProperties: false },
    ),
    { propertyNames: { enum: [...PLATFORMS] }, minProperties: 1, maxProperties: PLATFORMS.length },
  ),
  response: { 200: CapsAnswer },
  errors: [400, 403, 503],
  handler: async ({ body, caller }, ctx) => ({ success: true, caps: await setSpendCaps(ctx, caller, body) }),
});
