/**
 * What one attempt of a delivery reads before sending: the delivery and its
 * subscription's destination as they are at that moment (a subscription edited,
 * paused or deleted since the event counts from its next attempt on). The
 * attempts a runner starts together (hundreds at once) share one query per turn
 * of the event loop (src/store/coalesced-read.ts), each getting exactly what a
 * read of its own would have returned.
 */
import type { Kysely } from 'kysely';
import { coalescedReads } from '../store/coalesced-read.ts';
import type { Database } from '../store/schema.ts';
import type { NotificationDeliveriesTable } from '../store/tables/notifications.ts';
import type { Destination } from './perform.ts';

export interface DeliveryToSend {
  delivery: NotificationDeliveriesTable;
  /** null: the subscription no longer exists. */
  destination: Destination | null;
}

/** The delivery and its subscription's destination, in one query for all the ids asked for now. */
export const readDelivery: (db: Kysely<Database>, deliveryId: string) => Promise<DeliveryToSend | undefined> =
  coalescedReads<DeliveryToSend>(async (db, ids) => {
    const rows = await db
      .selectFrom('notification_deliveries as d')
      .leftJoin('notification_subscriptions as s', (j) =>
        j.onRef('s.id', '=', 'd.subscription_id').onRef('s.project_id', '=', 'd.project_id'),
      )
      .selectAll('d')
      .select([
        's.id as sub_id',
        's.enabled as sub_enabled',
        's.webhook_url as sub_webhook_url',
        's.webhook_secret_enc as sub_webhook_secret_enc',
        's.email_recipients as sub_email_recipients',
      ])
      .where('d.id', 'in', ids)
      .execute();
    const byId = new Map<string, DeliveryToSend>();
    for (const row of rows) {
      const {
        sub_id,
        sub_enabled,
        sub_webhook_url,
        sub_webhook_secret_enc,
        sub_email_recipients,
        ...delivery
      } = row;
      byId.set(delivery.id, {
        delivery,
        destination:
          sub_id === null
            ? null
            : {
                enabled: sub_enabled === 1,
                webhookUrl: sub_webhook_url,
                webhookSecretEnc: sub_webhook_secret_enc,
                emailRecipients: sub_email_recipients,
              },
      });
    }
    return byId;
  });
