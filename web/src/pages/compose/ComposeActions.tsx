// The form's actions: publish now / schedule / save changes, save as draft, add to
// queue (with the queue's confirmation), the check's state, and any refusal.
import type { Integration } from '../../api/client.ts';
import type { ApprovalPath } from '../approval/approvalRule.ts';
import { QueueConfirm } from '../planning/QueueConfirm.tsx';
import { queueOwnerOf } from '../planning/queues.ts';
import type { ComposeKind } from './kind.ts';
import type { When } from './WhenFields.tsx';

export function ComposeActions(props: {
  kind: ComposeKind;
  when: When;
  /** Whether what is sent waits for approval, goes out as asked, or may only be kept as a draft. */
  approval: ApprovalPath;
  /** The time asked for, in words. */
  askedFor: string;
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
  const forApproval = props.approval === 'approval';
  const draftsOnly = props.approval === 'drafts-only';
  return (
    <>
      {forApproval ? (
        <p className="hint approval-hint">
          These accounts need approval for your posts: an editor approves it before it goes out.
        </p>
      ) : null}
      {draftsOnly ? (
        <p className="hint approval-hint">
          Approval is off for these accounts and your role can not publish: save it as a draft for an editor
          to publish.
        </p>
      ) : null}
      <div className="submit-row">
        {draftsOnly ? null : (
          <button type="submit" disabled={busy || none}>
            {busy
              ? 'Sending…'
              : forApproval
                ? `Send for approval (${props.askedFor})`
                : kind === 'scheduled'
                  ? 'Save changes'
                  : props.when === 'now'
                    ? 'Publish now'
                    : 'Schedule'}
          </button>
        )}
        {kind === 'scheduled' ? null : (
          <>
            <button type="button" className="secondary" disabled={busy || none} onClick={props.onSaveDraft}>
              {kind === 'draft' ? 'Save draft' : 'Save as draft'}
            </button>
            <button
              type="button"
              className="secondary"
              hidden={draftsOnly}
              disabled={busy || none}
              aria-expanded={props.queueing}
              onClick={() => props.onQueueing(true)}
            >
              {forApproval ? 'Send for approval (next queue slot)' : 'Add to queue'}
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
                : draftsOnly
                  ? 'Ready to save: every platform accepts this post.'
                  : 'Ready: every platform accepts this post.'}
        </span>
      </div>
      {props.queueing && !none && !draftsOnly ? (
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
