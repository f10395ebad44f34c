/**
 * Instagram's first-comment capability against the simulator: the account's
 * comment on its own media, found again by its author and text, and refused on
 * media whose comments were turned off (`comment_enabled=false`).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { EngagementRefusal } from '../engagement.ts';
import { type AdapterHarness, startAdapterHarness } from '../shared/testing.ts';
import { instagramModule } from './index.ts';

const USER = '17841400000000001';
const comments = instagramModule.firstComment;
let h: AdapterHarness;

before(async () => {
  h = await startAdapterHarness('instagram');
});
after(() => h.close());

const media = (id: string) =>
  h.sim.state.createPost('instagram', USER, { caption: 'a photo' }, { id, kind: 'IMAGE' });
const account = () => h.account(USER, {}, undefined, ['instagram_business_manage_comments']);

it('comments on the account’s media and finds the comment again by its author and text', async () => {
  media('18000000000000101');
  const ctx = h.commentContext(account(), '18000000000000101', 'Link in bio');
  assert.deepEqual(await comments.find(ctx), { state: 'absent' });
  const id = await comments.post(ctx);
  assert.deepEqual(await comments.find(ctx), { state: 'found', commentId: id });
  assert.deepEqual(await comments.find(h.commentContext(account(), '18000000000000101', 'other')), {
    state: 'absent',
  });
});

it('is refused on media whose comments are turned off: a refusal, not a retry', async () => {
  media('18000000000000102');
  const off = await fetch(`${h.sim.baseUrl('instagram')}/v25.0/18000000000000102?comment_enabled=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account().accessToken}` },
  });
  assert.equal(off.status, 200, await off.text());
  const refused = await comments.post(h.commentContext(account(), '18000000000000102', 'hello')).then(
    () => assert.fail('the comment was accepted'),
    (err: unknown) => err,
  );
  assert.ok(refused instanceof EngagementRefusal, String(refused));
  assert.equal(refused.kind, 'invalid');
  assert.match(refused.message, /Comments are disabled for this media/);
});
