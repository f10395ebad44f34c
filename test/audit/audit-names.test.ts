/**
 * The audit log names things as a person knows them today: an account as "@handle on
 * Platform", a post by its text, a key by its name, a member by e-mail, a profile by
 * its name, a comment we made by its account and text; a removed account as
 * "(removed) int_…"; another project's objects are never named. The ids stay beside
 * the names, and a page costs one read per kind of thing it names, not one per entry.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { AppContext } from '../../src/context.ts';
import { listAudit } from '../../src/domain/audit/list.ts';
import { createProject } from '../../src/domain/projects/projects.ts';
import { insertIntegration } from '../fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { FUTURE } from '../posts-fixtures.ts';

interface Entry {
  action: string;
  actor: { kind: string; name: string; displayName: string };
  object: { type: string; id: string; label: string | null; displayName: string; removed: boolean };
  summary: Record<string, unknown> | null;
  references: Record<string, { type: string; displayName: string; removed: boolean }>;
}

forEachDatabase('audit log names', (dialect) => {
  let t: TestService;
  let account: string;
  let gone: string;
  let users = 0;

  const audit = async (query = ''): Promise<Entry[]> => {
    const res = await t.request('GET', `/v1/audit${query}`);
    assert.equal(res.status, 200, res.text);
    return res.body.entries;
  };
  const named = async (id: string, handle: string | null, name: string | null, platform = 'instagram') => {
    await t.ctx.store.db
      .updateTable('integrations')
      .set({ username: handle, display_name: name, platform })
      .where('id', '=', id)
      .execute();
  };

  before(async () => {
    t = await startTestService(dialect, { settings: { MONTHLY_CREDITS: '100' } });
    account = await insertIntegration(t.ctx, t.projectId, 'twitter', { platformUserId: `u${++users}` });
    await named(account, 'brand', 'Brand', 'twitter');
    gone = await insertIntegration(t.ctx, t.projectId, 'twitter', { platformUserId: `u${++users}` });
    await named(gone, 'oldbrand', null, 'twitter');
  });
  after(async () => {
    await t.close();
  });

  it('names an account by handle and platform, and the profile its move names, keeping the ids', async () => {
    const profile = (await t.request('POST', '/v1/profiles', { name: 'Acme' })).body.profile.id as string;
    const moved = await t.request('PATCH', `/v1/connect/integrations/${account}`, { profileId: profile });
    assert.equal(moved.status, 200, moved.text);
    await t.request('PATCH', `/v1/profiles/${profile}`, { name: 'Acme Bakery' });
    const [entry] = await audit(`?objectId=${account}`);
    assert.equal(entry?.action, 'integration.moved');
    assert.equal(entry?.object.id, account);
    assert.equal(entry?.object.displayName, '@brand on X');
    assert.equal(entry?.object.removed, false);
    assert.deepEqual(entry?.summary, { profileId: [null, profile] });
    // The profile as it is called today, not as it was when the account moved.
    assert.deepEqual(entry?.references[profile], {
      type: 'profile',
      displayName: 'Acme Bakery',
      removed: false,
    });
  });

  it('names the key that made a change by its name, and a post by the start of its text', async () => {
    const made = await t.request('POST', '/v1/keys', { name: 'scheduler', role: 'editor' });
    assert.equal(made.status, 201, made.text);
    const key = made.body.accessKey as string;
    const created = await t.request(
      'POST',
      '/v1/posts',
      {
        content: 'Fresh bread every morning, from six',
        platforms: [{ platform: 'twitter', accountId: account }],
        scheduledFor: FUTURE,
      },
      { 'x-access-key': key },
    );
    assert.equal(created.status, 202, created.text);
    const [entry] = await audit(`?objectId=${created.body.postId}`);
    assert.equal(entry?.action, 'post.created');
    assert.equal(entry?.actor.name, `key:${made.body.key.id}`);
    assert.equal(entry?.actor.displayName, 'access key “scheduler”');
    assert.equal(entry?.object.displayName, '“Fresh bread every morning, from six”');
    assert.deepEqual(entry?.summary?.['accounts'], [account]);
    assert.equal(entry?.references[account]?.displayName, '@brand on X');
    // The initial key of the test project has a name too.
    const [profileEntry] = await audit('?action=profile.created');
    assert.equal(profileEntry?.actor.displayName, 'access key “initial”');
  });

  it('shows a removed account as "(removed) int_…", in its own entries and where others name it', async () => {
    const created = await t.request('POST', '/v1/posts', {
      content: 'To the old account',
      platforms: [{ platform: 'twitter', accountId: gone }],
      scheduledFor: FUTURE,
    });
    assert.equal(created.status, 202, created.text);
    const removed = await t.request('DELETE', `/v1/connect/integrations/${gone}`);
    assert.equal(removed.status, 200, removed.text);
    const [deleted] = await audit(`?objectId=${gone}`);
    assert.equal(deleted?.action, 'integration.deleted');
    assert.equal(deleted?.object.displayName, `(removed) ${gone}`);
    assert.equal(deleted?.object.removed, true);
    assert.match(deleted?.object.label ?? '', /oldbrand/, 'the label of the time is kept');
    const [post] = await audit(`?objectId=${created.body.postId}`);
    assert.deepEqual(post?.references[gone], {
      type: 'integration',
      displayName: `(removed) ${gone}`,
      removed: true,
    });
  });

  it('names a member by e-mail and a comment we made by its account and text', async () => {
    const ig = await insertIntegration(t.ctx, t.projectId, 'instagram', { platformUserId: `u${++users}` });
    await named(ig, 'bakery', 'The Bakery');
    const now = new Date().toISOString();
    await t.ctx.store.db
      .insertInto('people')
      .values({
        id: `psn_names${dialect}`,
        email: `ana.${dialect}@acme.example`,
        password_hash: null,
        totp_secret_enc: null,
        totp_pending_enc: null,
        recovery_codes: null,
        totp_last_step: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await t.ctx.store.db
      .insertInto('members')
      .values({
        id: `mem_names${dialect}`,
        project_id: t.projectId,
        person_id: `psn_names${dialect}`,
        role: 'editor',
        profile_ids: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await insertAudit(t.ctx, t.projectId, `names_member_${dialect}`, {
      action: 'member.updated',
      object_type: 'member',
      object_id: `mem_names${dialect}`,
      object_label: null,
      summary: { role: ['viewer', 'editor'] },
    });
    // As a comment made before its summary carried the account: the account is read from the label.
    await insertAudit(t.ctx, t.projectId, `names_comment_${dialect}`, {
      action: 'comment.created',
      object_type: 'comment',
      object_id: '17900000000000001',
      object_label: `instagram comment on account ${ig}`,
      summary: { postId: '17800000000000001', text: 'Thank you, see you on Saturday!' },
    });
    const [member] = await audit(`?objectId=mem_names${dialect}`);
    assert.equal(member?.object.displayName, `ana.${dialect}@acme.example`);
    const [comment] = await audit('?objectId=17900000000000001');
    assert.equal(
      comment?.object.displayName,
      'comment by @bakery on Instagram: “Thank you, see you on Saturday!”',
    );
    assert.equal(comment?.object.id, '17900000000000001');
  });

  it("never names another project's objects", async () => {
    const other = await createProject(t.ctx, `other ${dialect}`);
    const theirs = await insertIntegration(t.ctx, other.projectId, 'instagram', {
      platformUserId: `u${++users}`,
    });
    await named(theirs, 'secretbrand', 'Secret Brand');
    const theirProfile = `prof_theirs${dialect}0000`;
    await t.ctx.store.db
      .insertInto('profiles')
      .values({
        id: theirProfile,
        project_id: other.projectId,
        name: 'Their secret brand',
        description: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    await insertAudit(t.ctx, t.projectId, `names_foreign_${dialect}`, {
      action: 'integration.moved',
      object_type: 'integration',
      object_id: theirs,
      object_label: null,
      summary: { profileId: [null, theirProfile] },
    });
    const [entry] = await audit(`?objectId=${theirs}`);
    assert.equal(entry?.object.displayName, `(removed) ${theirs}`);
    assert.equal(entry?.references[theirProfile]?.displayName, `(removed) ${theirProfile}`);
    assert.ok(!JSON.stringify(entry).includes('secret'), JSON.stringify(entry));
  });

  it('reads one page with one query per kind of thing named, however many entries name them', async () => {
    for (let i = 0; i < 6; i++) {
      const id = await insertIntegration(t.ctx, t.projectId, 'twitter', { platformUserId: `u${++users}` });
      await named(id, `many${i}`, null, 'twitter');
      await t.request('POST', '/v1/posts', {
        content: `Post ${i}`,
        platforms: [{ platform: 'twitter', accountId: id }],
        scheduledFor: FUTURE,
      });
    }
    const tables: string[] = [];
    const counting = countingReads(t.ctx, tables);
    const page = await listAudit(counting, t.projectId, { limit: 25, offset: 0 });
    assert.ok(page.entries.length >= 12);
    const reads = (table: string) => tables.filter((x) => x === table).length;
    assert.equal(reads('audit_log'), 1, 'the page and its count, from one query');
    assert.equal(reads('integrations'), 1);
    assert.equal(reads('posts'), 1);
    assert.equal(reads('access_keys'), 1);
    assert.ok(tables.length <= 1 + 5, tables.join(', '));
    assert.ok(
      page.entries.some(
        (e) => e.references && Object.values(e.references).some((r) => r.displayName === '@many5 on X'),
      ),
    );
  });
});

async function insertAudit(
  ctx: AppContext,
  projectId: string,
  id: string,
  e: {
    action: string;
    object_type: string;
    object_id: string;
    object_label: string | null;
    summary: unknown;
  },
): Promise<void> {
  await ctx.store.db
    .insertInto('audit_log')
    .values({
      id: `aud_${id}`,
      project_id: projectId,
      at: new Date().toISOString(),
      actor_kind: 'system',
      actor: 'system',
      address: null,
      ...e,
      summary: JSON.stringify(e.summary),
    })
    .execute();
}

/** The context with a database handle that notes the table of every read it starts. */
function countingReads(ctx: AppContext, tables: string[]): AppContext {
  const db = new Proxy(ctx.store.db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop !== 'selectFrom') return value;
      return (from: string) => {
        tables.push(String(from).split(' ')[0] as string);
        return value.call(target, from);
      };
    },
  });
  return { ...ctx, store: { ...ctx.store, db } } as AppContext;
}
