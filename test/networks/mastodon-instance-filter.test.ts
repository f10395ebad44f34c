/**
 * A Mastodon account's instance is a host a user named, so every call there goes
 * through the outbound address filter, not only publishing: deleting, editing,
 * reading analytics and posting the first comment too. The account here names an
 * instance that resolves to this machine (as a name re-resolved to a private
 * address would), which the filter refuses: each call fails saying so, and the
 * instance (the simulator) receives nothing. The account on the configured
 * instance itself still reaches it through the same guards.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createOutboundClient, type OutboundClient, platformUrlGuard } from '../../src/net/outbound.ts';
import { mastodonModule } from '../../src/platforms/mastodon/index.ts';
import { forgetInstanceLimits } from '../../src/platforms/mastodon/limits.ts';
import { type AdapterHarness, startAdapterHarness } from '../../src/platforms/shared/testing.ts';
import { SIM_MASTODON_ACCOUNT } from '../../src/simulator/platforms/mastodon/platform.ts';

const { analytics } = mastodonModule as unknown as {
  analytics: Required<NonNullable<(typeof mastodonModule)['analytics']>>;
};

describe('calls to a Mastodon instance go through the address filter', () => {
  let h: AdapterHarness;
  let strict: OutboundClient;
  let base: string;
  let named: string;
  before(async () => {
    h = await startAdapterHarness('mastodon');
    forgetInstanceLimits();
    // No address is allowed beyond the configured instance: what the filter refuses, nothing reaches.
    strict = createOutboundClient({ allowlist: [] });
    base = h.sim.baseUrl('mastodon').replace(/\/+$/, '');
    named = base.replace('127.0.0.1', 'localhost');
    assert.notEqual(named, base);
  });
  after(async () => {
    await strict.close();
    await h.close();
  });

  const guard = () => platformUrlGuard(strict, [base]);
  const onNamedInstance = () => ({
    ...h.account(SIM_MASTODON_ACCOUNT, { username: 'sim_mastodon', instance: named }),
    platformUserId: `${SIM_MASTODON_ACCOUNT}@${new URL(named).host}`,
  });
  const callsSince = (since: number) => h.sim.calls.list({ platform: 'mastodon' }).length - since;
  const refused = async (what: string, call: () => Promise<unknown>) => {
    const before = callsSince(0);
    await assert.rejects(call, (err: Error) => {
      assert.doesNotMatch(err.message, /404|not found/i, `${what}: refused before anything was sent`);
      return true;
    });
    assert.equal(callsSince(before), 0, `${what}: the instance received nothing`);
  };

  it('refuses delete, edit, analytics and the first comment on an instance the filter refuses', async () => {
    const account = onNamedInstance();
    await refused('delete', () =>
      mastodonModule.publisher.delete({ ...h.deleteContext(account, '1'), platformUrls: guard() }),
    );
    const d = h.deleteContext(account, '1');
    await refused('edit', () =>
      mastodonModule.editor.edit({
        account,
        platformPostId: '1',
        checkpoint: {},
        target: { content: 'edited', platformSpecificData: {}, mediaItems: [] },
        changes: { content: true, options: [] },
        baseUrl: d.baseUrl,
        platformUrls: guard(),
        signal: d.signal,
        log: d.log,
      }),
    );
    const comment = h.commentContext(account, '1', 'a first comment');
    const env = { ...comment.env, outside: guard() };
    await refused('analytics', () =>
      analytics.postMetrics({ env, account }, [{ platformPostId: '1', publishedAt: null }]),
    );
    await refused('account analytics', () => analytics.accountStats({ env, account }));
    await refused('first comment', () => mastodonModule.firstComment.post({ ...comment, env }));
    await refused('first comment lookup', () => mastodonModule.firstComment.find({ ...comment, env }));
  });

  it('still reaches the configured instance through the same guards', async () => {
    const account = { ...h.account(SIM_MASTODON_ACCOUNT, { username: 'sim_mastodon', instance: base }) };
    const comment = h.commentContext(account, '1', 'a first comment');
    const stats = await analytics.accountStats({
      env: { ...comment.env, outside: guard() },
      account,
    });
    assert.equal(typeof stats.followers, 'number');
  });
});
