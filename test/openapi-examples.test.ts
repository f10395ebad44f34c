/**
 * Every success answer in the OpenAPI document shows an example, and every example is an
 * answer the schema accepts: checked with the validator the service checks request bodies
 * with (src/http/validation.ts), so an example that drifts from its schema fails here.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileBodyCheck } from '../src/http/validation.ts';
import { buildPayload, type LifecycleEvent } from '../src/notifications/events.ts';
import { allRoutes } from '../src/routes/index.ts';
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

  it('a wrong example is caught', () => {
    const route = documented.find((r) => r.url === '/v1/comments' && r.method === 'POST');
    const schema = route?.response[200] as object;
    const check = compileBodyCheck(schema);
    assert.equal(check({ success: true, commentId: 17858893269 }), false);
  });
});
