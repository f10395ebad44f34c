import { Type } from 'typebox';
import { listDeliveries } from '../../domain/notifications/deliveries.ts';
import { offsetPaging } from '../../http/paging.ts';
import { defineRoute } from '../../http/route.ts';
import { deliveryExample, withExample } from '../examples.ts';
import { DeliverySchema, IdParams } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/notifications/:id/deliveries',
  access: 'read',
  summary: "List a subscription's deliveries with every attempt",
  description:
    'Newest first. Each delivery is one event sent to this subscription; each attempt has its time, the ' +
    "receiver's HTTP status, its duration and the error, if any.",
  tags: ['notifications'],
  params: IdParams,
  query: Type.Object(
    {
      ...offsetPaging(),
      status: Type.Optional(
        Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
      ),
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
        deliveries: Type.Array(DeliverySchema),
      }),
      { success: true, total: 1, limit: 20, offset: 0, deliveries: [deliveryExample] },
    ),
  },
  errors: [404],
  handler: async ({ params, query, caller }, ctx) => {
    const { total, deliveries } = await listDeliveries(ctx, caller, params.id, query);
    return { success: true, total, limit: query.limit, offset: query.offset, deliveries };
  },
});
