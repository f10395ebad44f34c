import { Type } from 'typebox';
import { redeliver } from '../../domain/notifications/deliveries.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { SuccessMessage } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/notifications/:id/deliveries/:deliveryId/redeliver',
  access: 'manage',
  summary: 'Send a finished delivery again',
  description:
    'Queues the same event (same id and body) for this subscription again, with a fresh set of attempts. ' +
    'A delivery still in progress is 409.',
  tags: ['notifications'],
  params: Type.Object({ id: Type.String({ minLength: 1 }), deliveryId: Type.String({ minLength: 1 }) }),
  response: { 202: withExample(SuccessMessage, { success: true, message: 'Delivery queued again' }) },
  errors: [404, 409],
  handler: async ({ params, caller, reply }, ctx) => {
    await redeliver(ctx, caller, params.id, params.deliveryId);
    reply.status(202);
    return { success: true, message: 'Delivery queued again' };
  },
});
