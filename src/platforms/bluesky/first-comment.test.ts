import assert from 'node:assert/strict';
import { it } from 'node:test';
import { replyKey } from './first-comment.ts';
import { newTid } from './tid.ts';

it("a reply's record key is the post's timestamp with another clock id: a valid TID, fixed by the post", () => {
  const post = newTid(Date.parse('2026-11-26T12:00:00Z'));
  const reply = replyKey(post);
  assert.match(reply, /^[234567a-z]{13}$/);
  assert.notEqual(reply, post);
  assert.equal(reply.slice(0, 11), post.slice(0, 11), 'same microseconds');
  assert.equal(replyKey(post), reply, 'the same every time');
  assert.equal(replyKey(reply), post, 'and only for this post');
  assert.throws(() => replyKey('not-a-tid'), /is not a TID/);
});
