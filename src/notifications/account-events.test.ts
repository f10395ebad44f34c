/**
 * Account and engagement events without a database: which subscriptions want
 * them (type, profile, enabled), the payload's envelope, their e-mail, and the
 * Meta family's webhook payloads read into comments and messages (the shapes
 * Meta documents, the account's own writing and other platforms' payloads left out).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { disconnectedData } from '../domain/account-events/state.ts';
import { accountRef } from '../domain/account-events/write.ts';
import { facebookInbound } from '../platforms/facebook/inbound.ts';
import { instagramInbound } from '../platforms/instagram/inbound.ts';
import { threadsInbound } from '../platforms/threads/inbound.ts';
import { type AccountEvent, buildAccountPayload, subscriptionWantsAccountEvent } from './account-events.ts';
import { renderEmail } from './email.ts';

const row = {
  id: 'int_1',
  project_id: 'proj_1',
  platform: 'instagram',
  display_name: 'Acme',
  username: 'acme',
  profile_id: 'prof_1',
};
const event: AccountEvent = {
  id: 'evt_1',
  projectId: 'proj_1',
  type: 'account.disconnected',
  createdAt: '2026-11-30T08:00:00.000Z',
  postId: null,
  data: disconnectedData(row, 'token_expired'),
};

describe('account events', () => {
  it('go only to enabled subscriptions that select the type, of no profile or the account’s', () => {
    const sub = { enabled: true, eventTypes: ['account.disconnected'], profileId: null };
    assert.equal(subscriptionWantsAccountEvent(sub, event), true);
    assert.equal(subscriptionWantsAccountEvent({ ...sub, profileId: 'prof_1' }, event), true);
    assert.equal(subscriptionWantsAccountEvent({ ...sub, profileId: 'prof_2' }, event), false);
    assert.equal(subscriptionWantsAccountEvent({ ...sub, enabled: false }, event), false);
    assert.equal(
      subscriptionWantsAccountEvent({ ...sub, eventTypes: ['post.published', 'post.failed'] }, event),
      false,
    );
  });

  it('carry the envelope of the post events and the subscription’s profile', () => {
    const payload = buildAccountPayload(event, 'prof_1');
    assert.deepEqual(Object.keys(payload), [
      'version',
      'id',
      'type',
      'createdAt',
      'projectId',
      'profileId',
      'data',
    ]);
    assert.equal(payload.profileId, 'prof_1');
    assert.deepEqual(payload.data.account, accountRef(row));
    assert.match(
      String((payload.data as { summary: string }).summary),
      /Instagram account @acme has expired/,
    );
  });

  it('become a short e-mail naming the account, what happened and what to do', () => {
    const mail = renderEmail(buildAccountPayload(event, null));
    assert.equal(mail.subject, 'Account disconnected: instagram acme');
    assert.match(mail.text, /has expired/);
    assert.match(mail.text, /Connect the account again/);
  });
});

describe('Meta webhook payloads', () => {
  it('a Page feed comment (a reply names its parent; the Page’s own comment and other items are left out)', () => {
    const change = (value: Record<string, unknown>) => ({ field: 'feed', value });
    const items = facebookInbound.parse({
      object: 'page',
      entry: [
        {
          id: '200',
          time: 1764489600,
          changes: [
            change({
              item: 'comment',
              verb: 'add',
              post_id: '200_1',
              comment_id: '1_10',
              parent_id: '200_1',
              message: 'Nice',
              from: { id: '7', name: 'Ann' },
              created_time: 1764489600,
            }),
            change({
              item: 'comment',
              verb: 'add',
              post_id: '200_1',
              comment_id: '1_11',
              parent_id: '1_10',
              message: 'Thanks',
              from: { id: '8', name: 'Bo' },
              created_time: 1764489601,
            }),
            change({
              item: 'comment',
              verb: 'add',
              post_id: '200_1',
              comment_id: '1_12',
              from: { id: '200' },
            }),
            change({
              item: 'comment',
              verb: 'edited',
              post_id: '200_1',
              comment_id: '1_10',
              from: { id: '7' },
            }),
            change({ item: 'reaction', verb: 'add', post_id: '200_1', from: { id: '7' } }),
          ],
        },
      ],
    });
    assert.deepEqual(items, [
      {
        kind: 'comment',
        accountId: '200',
        platformPostId: '200_1',
        commentId: '1_10',
        parentId: null,
        text: 'Nice',
        author: { id: '7', name: 'Ann' },
        timestamp: '2025-11-30T08:00:00.000Z',
      },
      {
        kind: 'comment',
        accountId: '200',
        platformPostId: '200_1',
        commentId: '1_11',
        parentId: '1_10',
        text: 'Thanks',
        author: { id: '8', name: 'Bo' },
        timestamp: '2025-11-30T08:00:01.000Z',
      },
    ]);
    assert.deepEqual(instagramInbound.parse({ object: 'page', entry: [] }), []);
  });

  it('Instagram comments and messages; echoes of the account’s own messages are left out', () => {
    const items = instagramInbound.parse({
      object: 'instagram',
      entry: [
        {
          id: '1784',
          time: 1764489600,
          changes: [
            {
              field: 'comments',
              value: { from: { id: '5', username: 'cy' }, media: { id: '179' }, id: '180', text: 'Wow' },
            },
          ],
          messaging: [
            {
              sender: { id: '6' },
              recipient: { id: '1784' },
              timestamp: 1764489600123,
              message: { mid: 'm1', text: 'Hi' },
            },
            {
              sender: { id: '1784' },
              recipient: { id: '6' },
              timestamp: 1764489600200,
              message: { mid: 'm2', text: 'Yo', is_echo: true },
            },
          ],
        },
      ],
    });
    assert.deepEqual(
      items.map((i) => [i.kind, i.kind === 'comment' ? i.commentId : i.messageId, i.accountId]),
      [
        ['comment', '180', '1784'],
        ['message', 'm1', '1784'],
      ],
    );
    const message = items[1];
    assert.equal(message?.kind === 'message' && message.timestamp, '2025-11-30T08:00:00.123Z');
  });

  it('a Threads reply (Meta’s documented sample)', () => {
    const items = threadsInbound.parse({
      app_id: '123456',
      topic: 'moderate',
      target_id: '78901',
      time: 1723226877,
      subscription_id: '234567',
      has_uid_field: false,
      values: {
        value: {
          id: '8901234',
          username: 'test_username',
          text: 'Reply',
          media_type: 'TEXT_POST',
          permalink: 'https://www.threads.net/@test_username/post/Pp',
          replied_to: { id: '567890' },
          root_post: { id: '123456', owner_id: '123456', username: 'test_username_2' },
          shortcode: 'Pp',
          timestamp: '2024-08-07T10:33:16+0000',
        },
        field: 'replies',
      },
    });
    assert.deepEqual(items, [
      {
        kind: 'comment',
        accountId: '123456',
        platformPostId: '123456',
        commentId: '8901234',
        parentId: '567890',
        text: 'Reply',
        author: { id: null, name: 'test_username' },
        timestamp: '2024-08-07T10:33:16.000Z',
      },
    ]);
  });
});
