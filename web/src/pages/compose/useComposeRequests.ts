// The form's requests: publish or schedule (POST /v1/posts, PUT of a scheduled post,
// or a draft's save-then-schedule), save as draft, and add to the queue. A refusal is
// shown beside the fields it names.
import { useState } from 'react';
import { api, ok, type Problem } from '../../api/client.ts';
import { navigate } from '../../router.ts';
import { savedDrafts } from '../planning/DraftSaved.tsx';
import { showQueued } from '../planning/queuedNotice.ts';
import { handOverNotice } from '../posts/SentNotice.tsx';
import { sentForApprovalWords } from './askedFor.ts';
import type { ComposeKind } from './kind.ts';
import { type Placed, placeMessages, problemsOfMessage } from './placement.ts';
import type { TargetDraft } from './targets.ts';
import type { When } from './WhenFields.tsx';

type Time = { publishNow?: boolean; scheduledFor?: string; timezone?: string; queue?: boolean };

export function useComposeRequests(form: {
  kind: ComposeKind;
  postId: string | undefined;
  draftBody: Record<string, unknown>;
  body: Record<string, unknown>;
  time: Time;
  when: When;
  at: string;
  timezone: string;
  firstComment: string;
  targets: readonly TargetDraft[];
  setPlaced: (p: Placed) => void;
  setSaved: (p: Problem[]) => void;
  setTouched: (t: boolean) => void;
}) {
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { kind, postId, draftBody, body, time } = form;
  const asked = form.when === 'now' ? { now: true as const } : { at: form.at, timezone: form.timezone };
  /** A post that waits for approval leads to the list, which says what happens next. */
  const waiting = (answer: { status?: string }, how: Parameters<typeof sentForApprovalWords>[0]) => {
    if (answer.status !== 'pending') return false;
    handOverNotice(sentForApprovalWords(how));
    navigate('/posts');
    return true;
  };

  const send = async (request: () => Promise<void>) => {
    form.setTouched(true);
    setBusy(true);
    setSubmitError(null);
    try {
      await request();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setSubmitError(message);
      form.setPlaced(placeMessages(problemsOfMessage(message), form.targets));
    } finally {
      setBusy(false);
    }
  };
  // A draft's edits are saved before it is scheduled, so what is published is what the form shows.
  const putDraft = (id: string) =>
    ok(api.PUT('/v1/posts/drafts/{postId}', { params: { path: { postId: id } }, body: draftBody as never }));
  const scheduleDraft = (id: string, how: Time) =>
    ok(api.POST('/v1/posts/{postId}/schedule', { params: { path: { postId: id } }, body: how }));

  const submit = () =>
    send(async () => {
      let answer: { status?: string };
      if (kind === 'scheduled' && postId) {
        answer = await ok(
          api.PUT('/v1/posts/scheduled/{postId}', {
            params: { path: { postId } },
            body: {
              ...(body as never as { content: string; platforms: never[] }),
              // An emptied field removes the post's first comment.
              ...(form.firstComment.trim() ? {} : { firstComment: null }),
              scheduledFor: form.at,
              timezone: form.timezone,
            },
          }),
        );
      } else if (kind === 'draft' && postId) {
        await putDraft(postId);
        answer = await scheduleDraft(postId, time);
      } else {
        answer = await ok(api.POST('/v1/posts', { body: body as never }));
      }
      if (waiting(answer, kind === 'scheduled' ? { at: form.at, timezone: form.timezone } : asked)) return;
      navigate(form.when === 'later' ? '/calendar' : '/posts');
    });

  const saveDraft = () =>
    send(async () => {
      if (kind === 'draft' && postId) {
        form.setSaved((await putDraft(postId)).problems ?? []);
        return;
      }
      const answer = await ok(api.POST('/v1/posts', { body: { ...draftBody, draft: true } as never }));
      // The new draft's own address, so a reload or a bookmark opens it again.
      savedDrafts.set(answer.postId, answer.problems ?? []);
      navigate(`/compose?draft=${encodeURIComponent(answer.postId)}`, { replace: true });
    });

  const addToQueue = () =>
    send(async () => {
      let answer: { scheduledFor?: string; status?: string; postId?: string };
      if (kind === 'draft' && postId) {
        await putDraft(postId);
        answer = await scheduleDraft(postId, { queue: true });
      } else answer = await ok(api.POST('/v1/posts', { body: { ...draftBody, queue: true } as never }));
      if (waiting(answer, { queue: true })) return;
      // The Queue page shows the post at the slot it took, and says which.
      if (answer.scheduledFor && answer.postId) await showQueued(answer.postId, answer.scheduledFor);
      else navigate('/queue');
    });

  return { submit, saveDraft, addToQueue, busy, submitError };
}
