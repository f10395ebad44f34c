import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../test/harness.ts';
import { lifecycleEvent } from '../../test/notifications/events.ts';
import { fanOutEvent } from '../domain/notifications/fanout.ts';
import { createSubscription, updateSubscription } from '../domain/notifications/subscriptions.ts';
import { readDelivery } from './delivery-read.ts';

forEachDatabase('reading deliveries to send', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect, { settings: { ROLE: 'api' } });
  });
  after(() => t.close());

  it('gives each of the reads made together its own delivery and destination, as they are at that moment', async () => {
    const subscribe = (url: string) =>
      createSubscription(t.ctx, t.projectId, {
        channel: 'webhook',
        eventTypes: ['post.published'],
        webhook: { url },
      });
    const one = await subscribe('https://one.example.com/hook');
    const two = await subscribe('https://two.example.com/hook');
    const event = lifecycleEvent(t.projectId, 'post.published');
    await fanOutEvent(t.ctx.store.db, t.ctx.config, event);
    const rows = await t.ctx.store.db
      .selectFrom('notification_deliveries')
      .select(['id', 'subscription_id'])
      .where('event_id', '=', event.id)
      .execute();
    const idOf = (subscriptionId: string) => rows.find((r) => r.subscription_id === subscriptionId)?.id ?? '';

    const [a, b, again, unknown] = await Promise.all([
      readDelivery(t.ctx.store.db, idOf(one.id)),
      readDelivery(t.ctx.store.db, idOf(two.id)),
      readDelivery(t.ctx.store.db, idOf(one.id)),
      readDelivery(t.ctx.store.db, 'dlv_unknown'),
    ]);
    assert.equal(a?.delivery.subscription_id, one.id);
    assert.equal(a?.delivery.status, 'pending');
    assert.equal(a?.delivery.event_id, event.id);
    assert.deepEqual(
      a?.destination && { ...a.destination, webhookSecretEnc: typeof a.destination.webhookSecretEnc },
      {
        enabled: true,
        webhookUrl: 'https://one.example.com/hook',
        webhookSecretEnc: 'string',
        emailRecipients: null,
      },
    );
    assert.equal(b?.destination?.webhookUrl, 'https://two.example.com/hook');
    assert.deepEqual(again, a);
    assert.equal(unknown, undefined);

    // A change of the subscription counts from the next read on.
    await updateSubscription(t.ctx, t.projectId, one.id, {
      enabled: false,
      webhook: { url: 'https://moved.example.com/hook', rotateSecret: true },
    });
    const after = await readDelivery(t.ctx.store.db, idOf(one.id));
    assert.equal(after?.destination?.enabled, false);
    assert.equal(after?.destination?.webhookUrl, 'https://moved.example.com/hook');
    assert.notEqual(after?.destination?.webhookSecretEnc, a?.destination?.webhookSecretEnc);
  });
});
