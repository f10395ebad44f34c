/**
 * A platform whose module has no publisher can be connected but not published to:
 * create and edit refuse its targets with 400, among every other problem, and charge
 * nothing. The service here runs with a registry whose LinkedIn module has no
 * publisher, so the test holds whichever platforms publish today.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { addIntegration, FUTURE } from '../../../test/posts-fixtures.ts';
import { DEFAULT_REGISTRY, registryWith } from '../../platforms/registry.ts';

forEachDatabase('targets on a platform that can not publish yet', (dialect) => {
  let t: TestService;
  let tw: string;
  let li: string;
  before(async () => {
    t = await startTestService(dialect, {
      settings: { ROLE: 'api', SIMULATOR_URL: 'http://127.0.0.1:9' },
      context: { platforms: registryWith(DEFAULT_REGISTRY, { linkedin: { publisher: undefined } }) },
    });
    tw = await addIntegration(t.ctx, t.projectId, 'twitter');
    li = await addIntegration(t.ctx, t.projectId, 'linkedin');
  });
  after(() => t.close());
  const used = async () => (await t.request('GET', '/v1/usage')).body.totalUsage as number;

  it('are refused at create and edit with every other problem, nothing charged, and listed as connect_only', async () => {
    const before = await used();
    const created = await t.request('POST', '/v1/posts', {
      content: 'x'.repeat(300),
      platforms: [
        { platform: 'twitter', accountId: tw },
        { platform: 'linkedin', accountId: li },
      ],
      scheduledFor: FUTURE,
    });
    assert.equal(created.status, 400, created.text);
    assert.match(created.body.message, /platforms\[0\] \(twitter\): .*280/);
    assert.match(
      created.body.message,
      /platforms\[1\] \(linkedin\): publishing to linkedin is not available yet/,
    );
    assert.equal(await used(), before);

    const ok = await t.request('POST', '/v1/posts', {
      content: 'fine',
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: FUTURE,
    });
    assert.equal(ok.status, 202, ok.text);
    const edited = await t.request('PUT', `/v1/posts/scheduled/${ok.body.postId}`, {
      content: 'fine',
      platforms: [{ platform: 'linkedin', accountId: li }],
    });
    assert.equal(edited.status, 400, edited.text);
    assert.match(edited.body.message, /publishing to linkedin is not available yet/);
    assert.equal(await used(), before + 1);

    const platforms = (await t.request('GET', '/v1/platforms')).body.platforms as {
      name: string;
      status: string;
      availability: string;
    }[];
    assert.equal(platforms.find((p) => p.name === 'linkedin')?.availability, 'connect_only');
    assert.equal(platforms.find((p) => p.name === 'linkedin')?.status, 'beta');
    assert.equal(platforms.find((p) => p.name === 'twitter')?.availability, 'available');
    assert.equal(platforms.find((p) => p.name === 'twitter')?.status, 'prod');
  });
});
