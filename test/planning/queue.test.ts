/**
 * Posting queues through the HTTP API (read, set, free slots, queue: true, the
 * slot freed again by cancel, reschedule and delete, the refusals), and 200
 * concurrent adds from two processes' worth of connections finding 200 slots.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { AppContext } from '../../src/context.ts';
import { createQueuedPost } from '../../src/domain/planning/queued-create.ts';
import { createProject } from '../../src/domain/projects/projects.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { addIntegration, NEXT_YEAR } from '../posts-fixtures.ts';
import { openSharedStores, type SharedStores } from '../shared-store.ts';

const WEEK = [
  { day: 'monday', time: '09:00' },
  { day: 'wednesday', time: '12:30' },
  { day: 'friday', time: '17:00' },
];

forEachDatabase('posting queue', (dialect) => {
  let t: TestService;
  let profileId: string;
  let tw: string;
  let bs: string;
  let loose: string;
  const queued = (accountIds: [string, string][], extra: Record<string, unknown> = {}) =>
    t.request('POST', '/v1/posts', {
      content: `queued ${Math.random()}`,
      platforms: accountIds.map(([platform, accountId]) => ({ platform, accountId })),
      queue: true,
      ...extra,
    });

  before(async () => {
    t = await startTestService(dialect, {
      settings: {
        ROLE: 'api',
        PUBLISH_WAIT_MS: '0',
        SIMULATOR_URL: 'http://127.0.0.1:9',
        MONTHLY_CREDITS: '1000',
      },
    });
    profileId = (await t.request('POST', '/v1/profiles', { name: 'Acme' })).body.profile.id;
    tw = await addIntegration(t.ctx, t.projectId, 'twitter', { profileId });
    bs = await addIntegration(t.ctx, t.projectId, 'bluesky', { profileId });
    loose = await addIntegration(t.ctx, t.projectId, 'linkedin');
  });
  after(() => t.close());

  it('reads an unset queue as empty, sets it and lists the next free slots in UTC and local time', async () => {
    const empty = await t.request('GET', `/v1/queue?profileId=${profileId}`);
    assert.equal(empty.status, 200, empty.text);
    assert.deepEqual(empty.body.queue.slots, []);
    assert.equal(empty.body.queue.updatedAt, null);
    const set = await t.request('PUT', `/v1/queue?profileId=${profileId}`, {
      timezone: 'Europe/Berlin',
      slots: WEEK,
    });
    assert.equal(set.status, 200, set.text);
    assert.match(set.body.message, /keep their times/);
    const slots = await t.request('GET', `/v1/queue/slots?profileId=${profileId}&count=6`);
    assert.equal(slots.status, 200, slots.text);
    assert.equal(slots.body.slots.length, 6);
    for (const s of slots.body.slots) {
      assert.ok(['monday', 'wednesday', 'friday'].includes(s.day), s.day);
      assert.ok(Date.parse(s.scheduledFor) > Date.now());
      assert.match(s.local, /T(09:00|12:30|17:00)$/);
    }
    const times = slots.body.slots.map((s: { scheduledFor: string }) => s.scheduledFor);
    assert.deepEqual([...times].sort(), times);
  });

  it('queues posts into successive free slots, and frees a slot on cancel, reschedule and delete', async () => {
    const free = (await t.request('GET', `/v1/queue/slots?profileId=${profileId}&count=4`)).body.slots.map(
      (s: { scheduledFor: string }) => s.scheduledFor,
    );
    const a = await queued([['twitter', tw]]);
    assert.equal(a.status, 202, a.text);
    assert.equal(a.body.status, 'scheduled');
    assert.equal(a.body.scheduledFor, free[0]);
    const b = await queued([
      ['twitter', tw],
      ['bluesky', bs],
    ]);
    assert.equal(b.body.scheduledFor, free[1]);
    const after = (await t.request('GET', `/v1/queue/slots?profileId=${profileId}&count=1`)).body.slots[0];
    assert.equal(after.scheduledFor, free[2]);

    assert.equal((await t.request('DELETE', `/v1/posts/scheduled/${a.body.postId}`)).status, 200);
    const c = await queued([['bluesky', bs]]);
    assert.equal(c.body.scheduledFor, free[0], 'the cancelled post’s slot is free again');

    const re = await t.request('PATCH', `/v1/posts/scheduled/${c.body.postId}`, {
      scheduledFor: `${NEXT_YEAR}-01-01T00:00:00Z`,
    });
    assert.equal(re.status, 200, re.text);
    const d = await queued([['twitter', tw]]);
    assert.equal(d.body.scheduledFor, free[0], 'a rescheduled post no longer holds its slot');

    assert.equal((await t.request('DELETE', `/v1/posts/${d.body.postId}`)).status, 200);
    const e = await queued([['twitter', tw]]);
    assert.equal(e.body.scheduledFor, free[0], 'a deleted post’s slot is free again');
  });

  it('keeps queued posts where they are when the schedule changes', async () => {
    const placed = await queued([['twitter', tw]]);
    const set = await t.request('PUT', `/v1/queue?profileId=${profileId}`, {
      timezone: 'America/New_York',
      slots: [{ day: 'sunday', time: '08:00' }],
    });
    assert.equal(set.status, 200);
    const read = await t.request('GET', `/v1/posts/${placed.body.postId}`);
    assert.equal((read.body.post ?? read.body).scheduledFor, placed.body.scheduledFor);
    const next = await queued([['twitter', tw]]);
    assert.equal(new Date(next.body.scheduledFor).getUTCDay(), 0);
    await t.request('PUT', `/v1/queue?profileId=${profileId}`, { timezone: 'Europe/Berlin', slots: WEEK });
  });

  it('refuses clearly: mixed profiles, no slots, paused, unknown profile, bad slots', async () => {
    const mixed = await queued([
      ['twitter', tw],
      ['linkedin', loose],
    ]);
    assert.equal(mixed.status, 400);
    assert.match(mixed.body.message, new RegExp(`profile ${profileId}, no profile`));
    const none = await queued([['linkedin', loose]]);
    assert.equal(none.status, 400);
    assert.match(
      none.body.message,
      /project's own queue .* has no time slots; set them with PUT \/v1\/queue/,
    );
    await t.request('PUT', `/v1/queue?profileId=${profileId}`, {
      timezone: 'Europe/Berlin',
      slots: WEEK,
      paused: true,
    });
    const paused = await queued([['twitter', tw]]);
    assert.equal(paused.status, 409);
    assert.match(paused.body.message, new RegExp(`profile ${profileId} is paused`));
    await t.request('PUT', `/v1/queue?profileId=${profileId}`, { timezone: 'Europe/Berlin', slots: WEEK });
    const unknown = await t.request('GET', '/v1/queue?profileId=prof_nope');
    assert.equal(unknown.status, 404);
    const bad = await t.request('PUT', '/v1/queue', {
      timezone: 'Mars/Olympus',
      slots: [
        { day: 'monday', time: '09:00' },
        { day: 'monday', time: '09:00' },
      ],
    });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /Mars\/Olympus.*listed twice/);
    const badTime = await t.request('PUT', '/v1/queue', {
      timezone: 'UTC',
      slots: [{ day: 'monday', time: '25:00' }],
    });
    assert.equal(badTime.status, 400);
    const both = await queued([['twitter', tw]], { scheduledFor: `${NEXT_YEAR}-01-01T00:00:00Z` });
    assert.equal(both.status, 400);
    assert.match(both.body.message, /only one of scheduledFor, queue: true/);
  });

  it('queues a draft when it is scheduled with queue: true', async () => {
    const draft = await t.request('POST', '/v1/posts', {
      content: 'draft to queue',
      platforms: [{ platform: 'twitter', accountId: tw }],
      draft: true,
    });
    const next = (await t.request('GET', `/v1/queue/slots?profileId=${profileId}&count=1`)).body.slots[0];
    const s = await t.request('POST', `/v1/posts/${draft.body.postId}/schedule`, { queue: true });
    assert.equal(s.status, 200, s.text);
    assert.equal(s.body.scheduledFor, next.scheduledFor);
    const held = await t.ctx.store.db
      .selectFrom('queue_slots')
      .select('slot_at')
      .where('post_id', '=', draft.body.postId)
      .executeTakeFirst();
    assert.equal(held?.slot_at, next.scheduledFor);
  });
});

forEachDatabase('posting queue under contention', (dialect) => {
  {
    let shared: SharedStores;
    before(async () => {
      // SQLite serves one process (one connection); PostgreSQL is shared by several api processes.
      shared = await openSharedStores(dialect, dialect === 'postgres' ? 2 : 1, { MONTHLY_CREDITS: '1000' });
    });
    after(() => shared.close());

    it('gives 200 concurrent adds to one profile 200 distinct slots (through two pools on PostgreSQL)', async () => {
      const a = shared.contexts[0] as AppContext;
      const b = shared.contexts.at(-1) as AppContext;
      const { projectId } = await createProject(a, 'contention');
      const now = new Date().toISOString();
      await a.store.db
        .insertInto('profiles')
        .values({
          id: 'prof_busy',
          project_id: projectId,
          name: 'Busy',
          description: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const accountId = await addIntegration(a, projectId, 'twitter', { profileId: 'prof_busy' });
      const slots = Array.from({ length: 7 * 24 }, (_, i) => ({
        day: (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const)[
          i % 7
        ] as 'monday',
        time: `${String(Math.floor(i / 7)).padStart(2, '0')}:00`,
      }));
      await a.store.db
        .insertInto('post_queues')
        .values({
          project_id: projectId,
          owner: 'prof_busy',
          timezone: 'UTC',
          slots: JSON.stringify(slots),
          paused: 0,
          updated_at: now,
        })
        .execute();
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          createQueuedPost(i % 2 ? a : b, projectId, {
            content: `contended ${i}`,
            platforms: [{ platform: 'twitter', accountId }],
            queue: true,
          }),
        ),
      );
      const times = new Set(answers.map((x) => x.scheduledFor));
      assert.equal(times.size, 200);
      const held = await a.store.db
        .selectFrom('queue_slots')
        .select('slot_at')
        .where('project_id', '=', projectId)
        .execute();
      assert.equal(held.length, 200);
      // Each slot the first free ones: nothing skipped.
      const hourly = [...times].map((x) => Date.parse(x as string)).sort((p, q) => p - q);
      for (let i = 1; i < hourly.length; i++)
        assert.equal((hourly[i] as number) - (hourly[i - 1] as number), 3_600_000);
    });
  }
});
