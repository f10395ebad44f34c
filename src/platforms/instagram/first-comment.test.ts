/**
 * Instagram's first-comment capability against the simulator: the account's
 * comment on its own media, found again by its author and text, and refused on
 * media whose comments were turned off (`comment_enabled=false`). Meta's comment
 * calls are not in the simulator's contract files yet (src/simulator/contracts/),
 * so this runs on a simulator without the contract check, as comments.test.ts files do.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type Simulator, startSimulator } from '../../simulator/index.ts';
import { EngagementRefusal } from '../engagement.ts';
import type { FirstCommentContext } from '../first-comment.ts';
import { instagramModule } from './index.ts';

const USER = '17841400000000001';
const comments = instagramModule.firstComment;
let sim: Simulator;
let token: string;

before(async () => {
  sim = await startSimulator();
  token = sim.issueTokens('instagram', {
    accountId: USER,
    scopes: ['instagram_business_manage_comments'],
    ttlSec: null,
  }).accessToken;
});
after(() => sim.close());

const media = (id: string) =>
  sim.state.createPost('instagram', USER, { caption: 'a photo' }, { id, kind: 'IMAGE' });
const context = (platformPostId: string, text: string): FirstCommentContext => ({
  env: {
    platform: 'instagram',
    client: { clientId: 'sim-instagram-client', clientSecret: 'sim-instagram-secret' },
    url: (_host, path) => `${sim.baseUrl('instagram')}${path}`,
    redirectUri: 'http://127.0.0.1/callback',
    pdsUrl: '',
    timeoutMs: 10_000,
    now: () => new Date(),
  },
  account: { platformUserId: USER, accessToken: token, metadata: {} },
  platformPostId,
  checkpoint: {},
  text,
  signal: new AbortController().signal,
});

it('comments on the account’s media and finds the comment again by its author and text', async () => {
  media('18000000000000101');
  const ctx = context('18000000000000101', 'Link in bio');
  assert.deepEqual(await comments.find(ctx), { state: 'absent' });
  const id = await comments.post(ctx);
  assert.deepEqual(await comments.find(ctx), { state: 'found', commentId: id });
  assert.deepEqual(await comments.find(context('18000000000000101', 'other')), { state: 'absent' });
});

it('is refused on media whose comments are turned off: a refusal, not a retry', async () => {
  media('18000000000000102');
  const off = await fetch(`${sim.baseUrl('instagram')}/v25.0/18000000000000102?comment_enabled=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(off.status, 200, await off.text());
  const refused = await comments.post(context('18000000000000102', 'hello')).then(
    () => assert.fail('the comment was accepted'),
    (err: unknown) => err,
  );
  assert.ok(refused instanceof EngagementRefusal, String(refused));
  assert.equal(refused.kind, 'invalid');
  assert.match(refused.message, /Comments are disabled for this media/);
});
