/**
 * listPosts against a plain reading of its contract, on rows written straight to the
 * store: every filter alone and combined, both orders, pages at several offsets, and
 * `total`. Posts of another project, targets on an integration that was since
 * disconnected (its row deleted: it counts as having no profile), and ties on created_at are
 * in the data, so index-driven plans must give exactly what the definition says.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { addIntegration } from '../../../test/posts-fixtures.ts';
import { deleteIntegration } from '../integrations/integrations.ts';
import { createProject } from '../projects/projects.ts';
import { listPosts, type PostFilter } from './read.ts';
import { newTargetRow } from './target-row.ts';

interface Seeded {
  id: string;
  project: string;
  status: string;
  created: string;
  scheduled: string | null;
  targets: { platform: string; integration: string }[];
}

const STATUSES = ['draft', 'scheduled', 'published', 'failed', 'partial'];
const PLATFORMS = ['twitter', 'linkedin', 'bluesky', 'threads'];

forEachDatabase('posts list filters match their definition', (dialect) => {
  let t: TestService;
  const posts: Seeded[] = [];
  /** Integration id → profile id (null: no profile, or disconnected since: its row is deleted). */
  const profileOf = new Map<string, string | null>();
  const profiles = ['prof_a', 'prof_b'];
  before(async () => {
    t = await startTestService(dialect);
    const other = (await createProject(t.ctx, 'other')).projectId;
    const db = t.ctx.store.db;
    const at = '2026-01-01T00:00:00.000Z';
    for (const id of profiles)
      await db
        .insertInto('profiles')
        .values({ id, project_id: t.projectId, name: id, created_at: at, updated_at: at })
        .execute();
    const integrations: string[] = [];
    for (let i = 0; i < 8; i++) {
      const profile = i % 3 === 2 ? null : (profiles[i % 3] as string);
      const id = await addIntegration(t.ctx, t.projectId, PLATFORMS[i % PLATFORMS.length] as string, {
        profileId: profile,
      });
      profileOf.set(id, profile);
      integrations.push(id);
    }
    // Disconnected after its posts were made: its targets stay and count as having no profile.
    const gone = await addIntegration(t.ctx, t.projectId, 'twitter', { profileId: 'prof_a' });
    integrations.push(gone);
    profileOf.set(gone, null);
    // A small deterministic generator: the same rows on every run.
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let n = 0; n < 150; n++) {
      const project = n % 10 === 9 ? other : t.projectId;
      // Several posts share a creation time: ties are ordered by id.
      const created = new Date(Date.UTC(2026, 0, 1 + rnd(60), rnd(2))).toISOString();
      const status = STATUSES[rnd(STATUSES.length)] as string;
      const scheduled = status === 'draft' ? null : new Date(Date.UTC(2026, 2, 1 + rnd(60))).toISOString();
      const id = `post_${String(n).padStart(3, '0')}${rnd(1000)}`;
      const targets: Seeded['targets'] = [];
      for (let k = 1 + rnd(3); k > 0; k--) {
        const integration = integrations[rnd(integrations.length)] as string;
        const platform = PLATFORMS[rnd(PLATFORMS.length)] as string;
        if (!targets.some((x) => x.integration === integration)) targets.push({ platform, integration });
      }
      posts.push({ id, project, status, created, scheduled, targets });
      await db
        .insertInto('posts')
        .values({
          id,
          project_id: project,
          content: 'x',
          media: '[]',
          status,
          scheduled_for: scheduled,
          timezone: 'UTC',
          was_scheduled: scheduled ? 1 : 0,
          raw_request: '{}',
          created_at: created,
          updated_at: created,
        })
        .execute();
      for (const [position, target] of targets.entries())
        await db
          .insertInto('post_targets')
          .values(
            newTargetRow({
              id: `${id}_${position}`,
              projectId: project,
              postId: id,
              position,
              platform: target.platform,
              integrationId: target.integration,
              content: null,
              platformSpecificData: {},
              status,
              at: created,
            }),
          )
          .execute();
    }
    await deleteIntegration(t.ctx, t.projectId, gone);
  });
  after(() => t.close());

  /** What the contract says, read from the seeded rows. */
  const expected = (given: PostFilter) => {
    // Bounds are compared as the service stores times: ISO with milliseconds.
    const norm = (v: string | undefined) => (v === undefined ? undefined : new Date(v).toISOString());
    const f = {
      ...given,
      createdAfter: norm(given.createdAfter),
      createdBefore: norm(given.createdBefore),
      scheduledAfter: norm(given.scheduledAfter),
      scheduledBefore: norm(given.scheduledBefore),
    };
    const matching = posts.filter(
      (p) =>
        p.project === t.projectId &&
        (!f.status || p.status === f.status) &&
        (!f.platform || p.targets.some((x) => f.platform?.includes(x.platform))) &&
        (f.profileId === undefined ||
          p.targets.some(
            (x) => (profileOf.get(x.integration) ?? null) === (f.profileId === 'null' ? null : f.profileId),
          )) &&
        (!f.createdAfter || p.created >= f.createdAfter) &&
        (!f.createdBefore || p.created <= f.createdBefore) &&
        (!f.scheduledAfter || (p.scheduled !== null && p.scheduled >= f.scheduledAfter)) &&
        (!f.scheduledBefore || (p.scheduled !== null && p.scheduled <= f.scheduledBefore)),
    );
    const key = (p: Seeded) => (f.orderBy === 'scheduled_for' ? (p.scheduled ?? '') : p.created);
    const dir = (f.sort ?? (f.orderBy === 'scheduled_for' ? 'asc' : 'desc')) === 'asc' ? 1 : -1;
    matching.sort(
      (a, b) => dir * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    return { total: matching.length, ids: matching.slice(f.offset, f.offset + f.limit).map((p) => p.id) };
  };

  const NOTHING_AFTER = '2100-01-01T00:00:00Z';

  it('answers every filter, order and page as defined', async () => {
    const filters: Omit<PostFilter, 'limit' | 'offset'>[] = [
      {},
      { status: 'published' },
      // One set alone (on SQLite the posts index walked, each post looked up in the set,
      // and the total counted from the set), in both directions; a post with two targets
      // on the listed platforms is one post.
      { platform: ['twitter'] },
      { platform: ['linkedin', 'threads'] },
      { platform: ['linkedin'], sort: 'asc' },
      { profileId: 'prof_a' },
      { profileId: 'prof_b', sort: 'asc' },
      { profileId: 'null' },
      { profileId: 'null', sort: 'asc' },
      { profileId: 'prof_unknown' },
      // Nothing matches without a set to build: the page and the count are read apart.
      { createdAfter: NOTHING_AFTER },
      { createdAfter: '2026-01-10T00:00:00Z', createdBefore: '2026-02-10T00:00:00Z' },
      { scheduledAfter: '2026-03-10T00:00:00Z', scheduledBefore: '2026-04-10T00:00:00Z' },
      { status: 'scheduled', orderBy: 'scheduled_for' },
      {
        status: 'failed',
        platform: ['bluesky', 'twitter'],
        profileId: 'null',
        createdAfter: '2026-01-05T00:00:00Z',
        sort: 'asc',
      },
      { platform: ['twitter', 'threads'], profileId: 'prof_a', scheduledBefore: '2026-04-20T00:00:00Z' },
      // A profile with a status and a creation range (the shape PostgreSQL runs as a
      // hashed set checked per post of the range, read.ts), in both orders, with and
      // without a platform; and `null` with the scheduled order.
      {
        status: 'published',
        platform: ['twitter', 'bluesky'],
        profileId: 'prof_a',
        createdAfter: '2026-01-05T00:00:00Z',
        createdBefore: '2026-02-25T00:00:00Z',
      },
      {
        status: 'scheduled',
        profileId: 'prof_b',
        createdAfter: '2026-01-03T00:00:00Z',
        createdBefore: '2026-02-20T00:00:00Z',
        sort: 'asc',
      },
      { status: 'scheduled', profileId: 'null', orderBy: 'scheduled_for' },
    ];
    for (const filter of filters)
      for (const [limit, offset] of [
        [100, 0],
        [7, 0],
        [7, 14],
        [5, 200],
      ] as const) {
        const f: PostFilter = { ...filter, limit, offset };
        const { total, posts: page } = await listPosts(t.ctx, t.projectId, f);
        const want = expected(f);
        assert.deepEqual({ total, ids: page.map((p) => p.postId) }, want, JSON.stringify(f));
        assert.ok(
          want.total > 0 || filter.profileId === 'prof_unknown' || filter.createdAfter === NOTHING_AFTER,
          `a filter that selects nothing: ${JSON.stringify(f)}`,
        );
      }
  });
});
