/**
 * Only global unicast addresses are public. Every way of writing a non-public
 * address in a URL (decimal, hex, octal and short IPv4, IPv4-mapped and
 * -compatible IPv6, NAT64, 6to4, Teredo, link-local, unique-local, `*.localhost`,
 * a trailing dot) is refused as a webhook URL when saved, and by the outbound
 * client before it connects (so media URLs too); global addresses pass.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { checkWebhookUrl } from '../../src/domain/notifications/destinations.ts';
import { createOutboundClient, isPublicAddress, OutboundError } from '../../src/net/outbound.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';

/** [URL host as a user may write it, what it is]. */
const NON_PUBLIC: [string, string][] = [
  ['2130706433', 'decimal IPv4 (127.0.0.1)'],
  ['0x7f000001', 'hex IPv4'],
  ['0x7f.1', 'hex short IPv4'],
  ['0177.0.0.1', 'octal IPv4'],
  ['127.1', 'short IPv4'],
  ['10.1', 'short private IPv4'],
  ['017700000001', 'octal whole IPv4'],
  ['0', 'zero'],
  ['0.0.0.0', 'unspecified'],
  ['169.254.169.254', 'cloud metadata (link-local)'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['192.0.0.170', 'IETF protocol assignments'],
  ['192.0.2.1', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['192.88.99.1', 'deprecated 6to4 relay'],
  ['224.0.0.1', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['[::1]', 'IPv6 loopback'],
  ['[::]', 'IPv6 unspecified'],
  ['[::ffff:127.0.0.1]', 'IPv4-mapped loopback'],
  ['[::ffff:a9fe:a9fe]', 'IPv4-mapped metadata, hex'],
  ['[::127.0.0.1]', 'IPv4-compatible loopback'],
  ['[::a00:1]', 'IPv4-compatible private'],
  ['[::8.8.8.8]', 'IPv4-compatible (deprecated, even of a public address)'],
  ['[64:ff9b::7f00:1]', 'NAT64 of loopback'],
  ['[64:ff9b::808:808]', 'NAT64 (well-known prefix)'],
  ['[64:ff9b:1::a00:1]', 'local-use NAT64'],
  ['[2002:7f00:1::]', '6to4 of loopback'],
  ['[2002:808:808::1]', '6to4'],
  ['[2001:0:4136:e378:8000:63bf:3fff:fdd2]', 'Teredo'],
  ['[2001:2::1]', 'benchmarking'],
  ['[2001:db8::1]', 'documentation'],
  ['[3fff::1]', 'documentation (2024)'],
  ['[fe80::1]', 'link-local'],
  ['[fc00::1]', 'unique-local'],
  ['[fd12:3456::1]', 'unique-local'],
  ['[fec0::1]', 'deprecated site-local'],
  ['[ff02::1]', 'multicast'],
  ['[100::1]', 'discard-only'],
  ['[5f00::1]', 'segment routing, outside 2000::/3'],
];

const LOCAL_NAMES = ['localhost', 'localhost.', 'LOCALHOST', 'api.localhost', 'a.b.localhost.'];

const PUBLIC = [
  '8.8.8.8',
  '93.184.216.34',
  '[2606:4700::1111]',
  '[2a00:1450:4001::1]',
  '[2001:4860:4860::8888]',
];

const WEBHOOK_SEND = { method: 'POST', headers: {}, body: '{}', maxAnswerBytes: 1024 };

/** The reason of the OutboundError a request failed with (anything else fails the test). */
async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(err instanceof OutboundError, String(err));
  return err.reason;
}

const hostOf = (written: string) => new URL(`http://${written}/`).hostname.replace(/^\[|\]$/g, '');

describe('which addresses are public', () => {
  const config = loadConfig({ env: { OUTBOUND_ALLOWLIST: '' } });
  const client = createOutboundClient({ allowlist: [] });
  after(() => client.close());

  it('refuses every notation of a non-public address, when saved and before connecting', async () => {
    for (const [written, what] of NON_PUBLIC) {
      const url = `http://${written}/hook`;
      assert.equal(isPublicAddress(hostOf(written)), false, `${written} (${what}) is called public`);
      assert.throws(() => checkWebhookUrl(config, url), /non-public address/, `${written} (${what}) saved`);
      const refused = await client.request(url).then(
        () => null,
        (err: unknown) => err,
      );
      assert.ok(refused instanceof OutboundError, `${written} (${what}): ${String(refused)}`);
      assert.equal(refused.reason, 'blocked', `${written} (${what}): ${refused.message}`);
      // Webhook deliveries go through requestStatus: the same checks.
      assert.equal(await refusal(client.requestStatus(url, WEBHOOK_SEND)), 'blocked', `${written} (${what})`);
    }
  });

  it('refuses names that always mean this machine', async () => {
    for (const name of LOCAL_NAMES) {
      const url = `http://${name}:9/hook`;
      assert.throws(() => checkWebhookUrl(config, url), /non-public address/, name);
      const refused = await client.request(url).then(
        () => null,
        (err: unknown) => err,
      );
      assert.ok(
        refused instanceof OutboundError && refused.reason === 'blocked',
        `${name}: ${String(refused)}`,
      );
      assert.equal(await refusal(client.requestStatus(url, WEBHOOK_SEND)), 'blocked', name);
    }
  });

  it('accepts global unicast addresses', () => {
    for (const written of PUBLIC) {
      assert.equal(isPublicAddress(hostOf(written)), true, written);
      assert.equal(checkWebhookUrl(config, `https://${written}/hook`), `https://${written}/hook`);
    }
  });
});

forEachDatabase('webhook subscriptions to non-public addresses', (dialect) => {
  it('answers 400 naming the address, and saves nothing', async () => {
    const t: TestService = await startTestService(dialect, {
      settings: { ROLE: 'api', OUTBOUND_ALLOWLIST: '' },
    });
    try {
      for (const written of [
        '[::127.0.0.1]',
        '[::a00:1]',
        '2130706433',
        '[64:ff9b::a9fe:a9fe]',
        'x.localhost.',
      ]) {
        const res = await t.request('POST', '/v1/notifications', {
          channel: 'webhook',
          eventTypes: ['post.published'],
          webhook: { url: `https://${written}/hook` },
        });
        assert.equal(res.status, 400, `${written}: ${res.text}`);
        assert.equal(res.body.success, false);
        assert.match(res.body.message, /non-public address/);
        assert.match(res.body.message, /OUTBOUND_ALLOWLIST/);
      }
      assert.equal((await t.request('GET', '/v1/notifications')).body.notifications.length, 0);
    } finally {
      await t.close();
    }
  });
});
