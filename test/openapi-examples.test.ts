/**
 * Every success answer in the OpenAPI document shows an example, and every example is an
 * answer the schema accepts: checked with the validator the service checks request bodies
 * with (src/http/validation.ts), so an example that drifts from its schema fails here.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { disconnectedData, removedData, tokenExpiringData } from '../src/domain/account-events/state.ts';
import { accountRef } from '../src/domain/account-events/write.ts';
import { compileBodyCheck } from '../src/http/validation.ts';
import { type AccountEvent, buildAccountPayload } from '../src/notifications/account-events.ts';
import { buildPayload, type LifecycleEvent } from '../src/notifications/events.ts';
import { allRoutes } from '../src/routes/index.ts';
import {
  ACCOUNT_WEBHOOK_SCHEMAS,
  AccountEventSchema,
  CommentReceivedEventSchema,
  MessageReceivedEventSchema,
} from '../src/routes/notifications/account-webhook-events.ts';
import { WebhookEventSchema } from '../src/routes/notifications/webhook-event.ts';

const documented = allRoutes.filter((r) => !r.hidden);

describe('success answer examples', () => {
  for (const route of documented) {
    for (const [status, schema] of Object.entries(
      route.response as Record<string, { examples?: unknown[] }>,
    )) {
      if (Number(status) >= 400) continue;
      it(`${route.method} ${route.url} ${status} has an example its schema accepts`, () => {
        const examples = schema.examples ?? [];
        assert.ok(examples.length > 0, 'no example');
        const check = compileBodyCheck(schema);
        for (const example of examples) {
          // The validator fills in defaults: check a copy, so the document's example stays as written.
          const ok = check(structuredClone(example));
          assert.ok(ok, JSON.stringify(check.errors, null, 1));
        }
      });
    }
  }

  it('the webhook event example, and a payload as the service builds it, match the documented WebhookEvent', () => {
    const check = compileBodyCheck(WebhookEventSchema);
    for (const example of (WebhookEventSchema as { examples?: unknown[] }).examples ?? []) {
      assert.ok(check(structuredClone(example)), JSON.stringify(check.errors, null, 1));
    }
    const target = {
      platform: 'twitter',
      integrationId: 'int_1',
      profileId: 'prof_1',
      status: 'failed',
      platformPostId: null,
      platformPostUrl: null,
      publishedAt: null,
      errorMessage: 'Twitter answered 403: duplicate content',
      warningMessage: null,
    };
    const event: LifecycleEvent = {
      id: 'evt_1',
      projectId: 'proj_1',
      type: 'post.partial',
      createdAt: '2026-11-30T08:00:04.390Z',
      post: {
        id: 'post_1',
        status: 'partial',
        content: 'hello',
        scheduledFor: null,
        // As stored at create (src/domain/posts/types.ts, StoredMedia).
        mediaItems: [
          {
            type: 'image',
            url: 'https://cdn.example.com/a.png',
            thumbnail: null,
            filename: 'a.png',
            size: 1200,
            mimeType: 'image/png',
          },
        ],
        wasScheduled: false,
        targets: [
          target,
          {
            ...target,
            platform: 'bluesky',
            integrationId: 'int_2',
            status: 'published',
            platformPostId: 'at://did:plc:x/app.bsky.feed.post/3k',
            platformPostUrl: 'https://bsky.app/profile/x/post/3k',
            publishedAt: '2026-11-30T08:00:03.100Z',
            errorMessage: null,
          },
        ],
      },
    };
    for (const profile of [null, 'prof_1']) {
      const payload = buildPayload(event, profile, 'https://api.example.com/');
      assert.ok(check(JSON.parse(JSON.stringify(payload))), JSON.stringify(check.errors, null, 1));
    }
  });

  it('the account and engagement event examples, and payloads as the service builds them, match their schemas', () => {
    for (const schema of ACCOUNT_WEBHOOK_SCHEMAS) {
      const check = compileBodyCheck(schema);
      for (const example of (schema as { examples?: unknown[] }).examples ?? [])
        assert.ok(check(structuredClone(example)), JSON.stringify(check.errors, null, 1));
    }
    const row = {
      id: 'int_1',
      project_id: 'proj_1',
      platform: 'instagram',
      display_name: 'Acme',
      username: 'acme',
      profile_id: 'prof_1',
    };
    const account = accountRef(row);
    const built: [AccountEvent, (typeof ACCOUNT_WEBHOOK_SCHEMAS)[number]][] = [
      [
        {
          id: 'evt_1',
          projectId: 'proj_1',
          type: 'account.disconnected',
          createdAt: '2026-11-30T08:00:04.390Z',
          postId: null,
          data: disconnectedData(row, 'token_revoked'),
        },
        AccountEventSchema,
      ],
      [
        {
          id: 'evt_2',
          projectId: 'proj_1',
          type: 'account.token_expiring',
          createdAt: '2026-11-30T08:00:04.390Z',
          postId: null,
          data: tokenExpiringData(row, '2026-12-03T08:00:00.000Z'),
        },
        AccountEventSchema,
      ],
      [
        {
          id: 'evt_3',
          projectId: 'proj_1',
          type: 'account.removed',
          createdAt: '2026-11-30T08:00:04.390Z',
          postId: null,
          data: removedData(row),
        },
        AccountEventSchema,
      ],
      [
        {
          id: 'evt_4',
          projectId: 'proj_1',
          type: 'comment.received',
          createdAt: '2026-11-30T08:00:04.390Z',
          postId: 'post_1',
          data: {
            account,
            comment: {
              id: '1',
              text: 'hi',
              author: { id: null, name: 'fan' },
              timestamp: '2026-11-30T08:00:00.000Z',
              parentId: null,
            },
            post: { id: 'post_1', platformPostId: '2', platformPostUrl: null },
          },
        },
        CommentReceivedEventSchema,
      ],
      [
        {
          id: 'evt_5',
          projectId: 'proj_1',
          type: 'message.received',
          createdAt: '2026-11-30T08:00:04.390Z',
          postId: null,
          data: {
            account,
            message: {
              id: 'm',
              conversationId: null,
              text: 'hello',
              from: { id: '9', name: null },
              timestamp: '2026-11-30T08:00:00.000Z',
            },
          },
        },
        MessageReceivedEventSchema,
      ],
    ];
    for (const [event, schema] of built) {
      const check = compileBodyCheck(schema);
      for (const profile of [null, 'prof_1']) {
        const payload = buildAccountPayload(event, profile);
        assert.ok(
          check(JSON.parse(JSON.stringify(payload))),
          `${event.type}: ${JSON.stringify(check.errors, null, 1)}`,
        );
      }
    }
  });

  it('a wrong example is caught', () => {
    const route = documented.find((r) => r.url === '/v1/comments' && r.method === 'POST');
    const schema = route?.response[200] as object;
    const check = compileBodyCheck(schema);
    assert.equal(check({ success: true, commentId: 17858893269 }), false);
  });
});
