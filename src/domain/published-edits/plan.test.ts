/** The per-target plan of an edit of a published post: pure rules, no database or platform. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../errors.ts';
import { PLATFORM_MODULES } from '../../platforms/registry.ts';
import type { PostRow, TargetRow } from '../posts/types.ts';
import { planPublishedEdit } from './plan.ts';

const AT = '2026-11-20T10:00:00.000Z';
const post = (over: Partial<PostRow> = {}): PostRow => ({
  id: 'post_1',
  project_id: 'proj_1',
  content: 'Old text',
  media: '[]',
  status: 'published',
  scheduled_for: null,
  timezone: 'UTC',
  was_scheduled: 0,
  raw_request: '{}',
  series_id: null,
  series_index: null,
  first_comment: null,
  created_at: AT,
  updated_at: AT,
  ...over,
});
let n = 0;
const target = (platform: string, over: Partial<TargetRow> = {}): TargetRow => ({
  id: `tgt_${++n}`,
  project_id: 'proj_1',
  post_id: 'post_1',
  position: n,
  platform,
  integration_id: `int_${platform}`,
  content: null,
  platform_specific_data: '{}',
  first_comment: null,
  status: 'published',
  platform_post_id: `${platform}-post`,
  platform_post_url: null,
  published_at: AT,
  error_message: null,
  warning_message: null,
  attempt: 1,
  checkpoint: null,
  ledger: null,
  edit: null,
  created_at: AT,
  updated_at: AT,
  ...over,
});
const kinds = (plan: ReturnType<typeof planPublishedEdit>) =>
  Object.fromEntries(plan.targets.map((t) => [t.target.platform, t.kind]));
const conflict = (fn: () => unknown, message: RegExp) =>
  assert.throws(
    fn,
    (e: unknown) => e instanceof AppError && e.kind === 'conflict' && message.test(e.message),
  );

describe('planPublishedEdit', () => {
  it('gives the new top-level text to the targets without text of their own; one with its own is unchanged', () => {
    const plan = planPublishedEdit(
      PLATFORM_MODULES,
      post(),
      [target('facebook'), target('linkedin', { content: 'Own text' }), target('twitter')],
      { content: 'New text' },
    );
    assert.equal(plan.postContent, 'New text');
    assert.deepEqual(kinds(plan), { facebook: 'editing', linkedin: 'skipped', twitter: 'not_editable' });
    const fb = plan.targets[0];
    assert.ok(fb?.kind === 'editing');
    assert.deepEqual(fb.changes, { content: true, options: [] });
  });

  it('skips a failed target of a partial post, refuses options fixed once published, validates the result', () => {
    const plan = planPublishedEdit(
      PLATFORM_MODULES,
      post({ status: 'partial' }),
      [
        target('facebook', { status: 'failed', platform_post_id: null }),
        target('youtube', { platform_specific_data: '{"title":"A"}' }),
        target('pinterest', { platform_specific_data: '{"boardId":"1"}' }),
      ],
      {
        content: 'New text',
        platforms: [
          { platform: 'youtube', accountId: 'int_youtube', platformSpecificData: { madeForKids: true } },
          {
            platform: 'pinterest',
            accountId: 'int_pinterest',
            platformSpecificData: { title: 'x'.repeat(101) },
          },
        ],
      },
    );
    assert.deepEqual(kinds(plan), { facebook: 'skipped', youtube: 'refused', pinterest: 'refused' });
    const [, yt, pin] = plan.targets;
    assert.ok(yt && yt.kind !== 'editing' && pin && pin.kind !== 'editing');
    assert.match(
      yt.message,
      /platformSpecificData\.madeForKids can not be changed once published on YouTube/,
    );
    assert.match(pin.message, /title/);
  });

  it('answers 409 for a post not published, a named target not published, or an edit still running', () => {
    conflict(
      () =>
        planPublishedEdit(PLATFORM_MODULES, post({ status: 'scheduled' }), [target('facebook')], {
          content: 'x',
        }),
      /only a published or partial post/,
    );
    conflict(
      () =>
        planPublishedEdit(
          PLATFORM_MODULES,
          post({ status: 'partial' }),
          [target('facebook', { status: 'failed' })],
          { platforms: [{ platform: 'facebook', accountId: 'int_facebook', content: 'x' }] },
        ),
      /is failed, not published/,
    );
    const running = JSON.stringify({ id: 'ped_1', status: 'editing' });
    conflict(
      () =>
        planPublishedEdit(PLATFORM_MODULES, post(), [target('facebook', { edit: running })], {
          content: 'x',
        }),
      /still running/,
    );
  });

  it('refuses a request with nothing to edit, or a target the post does not have (400)', () => {
    const invalid = (e: unknown) => e instanceof AppError && e.kind === 'invalid';
    assert.throws(() => planPublishedEdit(PLATFORM_MODULES, post(), [target('facebook')], {}), invalid);
    assert.throws(
      () =>
        planPublishedEdit(PLATFORM_MODULES, post(), [target('facebook')], {
          platforms: [{ platform: 'linkedin', accountId: 'int_linkedin', content: 'x' }],
        }),
      invalid,
    );
  });
});
