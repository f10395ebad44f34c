// The form's actions: publish now / schedule / save changes, save as draft, add to
// queue (with the queue's confirmation), the check's state, and any refusal.
import type { Integration } from '../../api/client.ts';
import { QueueConfirm } from '../planning/QueueConfirm.tsx';
import { queueOwnerOf } from '../planning/queues.ts';
import type { ComposeKind } from './kind.ts';
import type { When } from './WhenFields.tsx';

export function ComposeActions(props: {
  kind: ComposeKind;
  when: When;
  busy: boolean;
  accountIds: string[];
  checking: boolean;
  hasProblems: boolean;
  integrations: readonly Integration[];
  profiles: { id: string; name: string }[];
  queueing: boolean;
  onQueueing: (open: boolean) => void;
  onSaveDraft: () => void;
  onAddToQueue: () => void;
  submitError: string | null;
  formMessages: string[];
}) {
  const { kind, busy } = props;
  const none = props.accountIds.length === 0;
  return (
    <>
      <div className="submit-row">
        <button type="submit" disabled={busy || none}>
          {busy
            ? 'Sending…'
            : kind === 'scheduled'
              ? 'Save changes'
              : props.when === 'now'
                ? 'Publish now'
                : 'Schedule'}
        </button>
        {kind === 'scheduled' ? null : (
          <>
            <button type="button" className="secondary" disabled={busy || none} onClick={props.onSaveDraft}>
              {kind === 'draft' ? 'Save draft' : 'Save as draft'}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={busy || none}
              aria-expanded={props.queueing}
              onClick={() => props.onQueueing(true)}
            >
              Add to queue
            </button>
          </>
        )}
        <span className="check-state" role="status">
          {none
            ? 'Choose at least one account.'
            : props.checking
              ? 'Checking…'
              : props.hasProblems
                ? 'Fix the problems shown to publish.'
                : 'Ready: every platform accepts this post.'}
        </span>
      </div>
      {props.queueing && !none ? (
        <QueueConfirm
          owner={queueOwnerOf(props.accountIds, props.integrations)}
          profiles={props.profiles}
          busy={busy}
          onConfirm={props.onAddToQueue}
          onBack={() => props.onQueueing(false)}
        />
      ) : null}
      {props.submitError || props.formMessages.length ? (
        <div className="state-error" role="alert">
          {props.submitError ? <p>{props.submitError}</p> : null}
          {props.formMessages.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      ) : null}
    </>
  );
}
