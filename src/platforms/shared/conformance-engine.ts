/**
 * The engine part of the conformance suite (see conformance.ts): the real service on
 * SQLite and PostgreSQL, in sandbox mode with SIMULATOR_URL set, so the platform's
 * API base is the simulator's `<url>/<platform>` exactly as a user's sandbox has it,
 * and token refreshes go to the simulator's token endpoint with the sandbox app.
 * What the adapter cases can only classify, these see through: a refused token
 * refreshed once, a rate limit waited out, a 5xx to the create retried; one post.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import { insertIntegration } from '../../../test/fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { until } from '../../../test/shared-store.ts';
import { createProject } from '../../domain/projects/projects.ts';
import { type FixtureServer, startFixtureServer } from '../../media/testing.ts';
import { type Simulator, startSimulator } from '../../simulator/index.ts';
import { basicKind, type ConformanceSpec, sampleMedia, uniqueText } from './conformance-spec.ts';

const FINAL = ['published', 'partial', 'failed'];
/** How far the job's next run may be from the platform's wait (clock steps, unix-second resets). */
const WAIT_TOLERANCE_MS = 3000;

export function describeEngineConformance(spec: ConformanceSpec): void {
  const { platform } = spec;
  const kind = basicKind(spec);
  const sample = spec.posts[kind];
  if (!sample) return;
  const create = sample.create;

  forEachDatabase(`${platform} publishing conformance through the engine`, (dialect) => {
    let t: TestService;
    let sim: Simulator;
    let fixtures: FixtureServer;
    let integrationId: string;
    before(async () => {
      sim = await startSimulator();
      spec.setup?.(sim);
      fixtures = await startFixtureServer();
      t = await startTestService(dialect, {
        settings: {
          SANDBOX: 'auto',
          SIMULATOR_URL: sim.url,
          JOBS_POLL_MS: '20',
          PUBLISH_WAIT_MS: '0',
          PUBLISH_RETRY_BASE_MS: '50',
        },
      });
      integrationId = await connect();
    });
    after(async () => {
      await t.close();
      await fixtures.close();
      await sim.close();
    });
    beforeEach(() => {
      sim.faults.clear();
      sim.calls.clear();
    });

    /** A connected account with a simulator-issued token (and refresh token where the platform has one). */
    const connect = (projectId = t.projectId) => {
      const { id, pageId, scopes, metadata } = spec.account;
      const tokens = sim.issueTokens(platform, {
        accountId: id,
        ...(pageId ? { pageId } : {}),
        ...(scopes ? { scopes } : {}),
        ttlSec: null,
        refresh: spec.refresh !== null,
      });
      return insertIntegration(t.ctx, projectId, platform, {
        token: tokens.accessToken,
        ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
        platformUserId: pageId ?? id,
        ...(metadata ? { metadata } : {}),
      });
    };
    const fault = (rule: Parameters<Simulator['faults']['add']>[0]) =>
      sim.faults.add({ platform, method: create.method, path: create.path, times: 1, ...rule });
    const publishNow = async (
      what: string,
      as: { accountId: string; key?: string } = { accountId: integrationId },
    ) => {
      const content = uniqueText(platform, `${what} ${dialect}`);
      const res = await t.request(
        'POST',
        '/v1/posts',
        {
          content,
          mediaItems: sampleMedia(kind, sample, fixtures),
          platforms: [
            { platform, accountId: as.accountId, platformSpecificData: sample.platformSpecificData ?? {} },
          ],
          publishNow: true,
        },
        as.key ? { 'x-access-key': as.key } : {},
      );
      assert.equal(res.status, 202, res.text);
      return { postId: res.body.postId as string, content };
    };
    /** Publishes from a project of its own, so an account left needing reconnection is no other case's. */
    const publishWithOwnAccount = async (what: string) => {
      const own = await createProject(t.ctx, `conformance ${what}`);
      const accountId = await connect(own.projectId);
      return { ...(await publishNow(what, { accountId, key: own.accessKey })), key: own.accessKey };
    };
    const settled = async (postId: string, key?: string) => {
      const headers: Record<string, string> = key ? { 'x-access-key': key } : {};
      const read = async () => (await t.request('GET', `/v1/posts/${postId}`, undefined, headers)).body.post;
      await until(async () => FINAL.includes((await read()).status), 20_000);
      return read();
    };
    const onPlatform = (content: string) =>
      sim.state.listPosts(platform, { where: (p) => spec.textOf(p) === content }).length;
    /** Create calls the fault rule answered (whatever status the platform uses for it). */
    const faultedCreates = () =>
      sim.calls
        .list({ platform, method: create.method, path: create.path })
        .filter((c) => c.faultId !== undefined).length;

    const refresh = spec.refresh;
    if (refresh) {
      it('refreshes a refused token once through the platform, then publishes once', async () => {
        fault({ unauthorized: true });
        const { postId, content, key } = await publishWithOwnAccount('refused token');
        const p = await settled(postId, key);
        assert.equal(p.status, 'published', JSON.stringify(p.platforms));
        assert.equal(onPlatform(content), 1);
        assert.equal(faultedCreates(), 1, 'the create was refused once');
        assert.equal(sim.calls.count({ platform, ...refresh }), 1, 'exactly one token refresh');
      });
    } else {
      it('fails a refused token asking to reconnect (the platform has no refresh); nothing is posted', async () => {
        fault({ unauthorized: true });
        const { postId, content, key } = await publishWithOwnAccount('refused token');
        const p = await settled(postId, key);
        assert.equal(p.status, 'failed');
        assert.match(p.platforms[0].errorMessage, /reconnect/i);
        assert.equal(onPlatform(content), 0);
      });
    }

    it('waits out a rate limit for as long as the platform said, then publishes once', async () => {
      fault({ rateLimit: spec.rateLimit.fault });
      const { postId, content } = await publishNow('rate limited');
      // The job is put back to run when the platform's window resets...
      const expected = spec.rateLimit.expectedWaitMs(Date.now());
      const job = () =>
        t.ctx.store.db
          .selectFrom('jobs')
          .select(['id', 'run_at', 'lease_owner', 'last_error'])
          .where('payload', 'like', `%${postId}%`)
          .executeTakeFirst();
      await until(async () => {
        const j = await job();
        return faultedCreates() === 1 && j?.lease_owner === null && j.last_error !== null;
      });
      const waiting = await job();
      const waitMs = Number(waiting?.run_at) - Date.now();
      assert.ok(
        Math.abs(waitMs - expected) <= WAIT_TOLERANCE_MS,
        `the job runs again in ${waitMs} ms; the platform said ${expected} ms`,
      );
      assert.ok(!FINAL.includes((await t.request('GET', `/v1/posts/${postId}`)).body.post.status));
      assert.equal(onPlatform(content), 0);
      // ...and that time is made to come now instead of waiting for it.
      await t.ctx.store.db
        .updateTable('jobs')
        .set({ run_at: Date.now() })
        .where('id', '=', String(waiting?.id))
        .execute();
      const p = await settled(postId);
      assert.equal(p.status, 'published', JSON.stringify(p.platforms));
      assert.equal(onPlatform(content), 1);
    });

    if (spec.reconcileBlind)
      it('fails after a 5xx answer to the create, asking to check the account: never a second create', async () => {
        fault({ status: spec.serverError.status, body: spec.serverError.body });
        const { postId, content } = await publishNow('server error');
        const p = await settled(postId);
        assert.equal(p.status, 'failed', JSON.stringify(p.platforms));
        assert.match(p.platforms[0].errorMessage, /check/i);
        assert.equal(onPlatform(content), 0);
        assert.equal(faultedCreates(), 1, 'the create was sent once');
        assert.equal(sim.calls.count({ platform, method: create.method, path: create.path }), 1);
      });
    else
      it('retries after a 5xx answer to the create (reconciling first): one post', async () => {
        fault({ status: spec.serverError.status, body: spec.serverError.body });
        const { postId, content } = await publishNow('server error');
        const p = await settled(postId);
        assert.equal(p.status, 'published', JSON.stringify(p.platforms));
        assert.equal(onPlatform(content), 1);
        assert.equal(faultedCreates(), 1);
      });
  });
}
