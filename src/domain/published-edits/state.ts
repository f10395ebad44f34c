/**
 * The edit record a target keeps (post_targets.edit, JSON): its latest edit after
 * publishing, what it asked for, how far it got (its ledger), and how it ended.
 * A new edit of the target replaces it once the previous one has finished.
 */

export type EditStatus = 'editing' | 'edited' | 'failed';

export interface TargetEdit {
  /** The edit's id (`ped_…`); its job is `edit_<id>`. */
  id: string;
  status: EditStatus;
  requestedAt: string;
  finishedAt: string | null;
  /** The target's text once edited. */
  content: string;
  /** The options this edit sets (merged into platformSpecificData once edited). */
  options: Record<string, unknown>;
  /** Whether the text changes (an edit may change options only). */
  contentChanged: boolean;
  /** The credit charge of this edit (refunded when it fails), null when nothing was charged. */
  chargeId: string | null;
  /**
   * Ledger: set right before the platform call, cleared once its answer is
   * recorded. A run that finds it set knows the call may have reached the
   * platform: an idempotent editor sends the same edit again, another fails
   * with a message to check the account instead of applying it twice.
   */
  callInFlight: { since: string; attempt: number } | null;
  /** Platform calls made for this edit so far (each counted before it is sent). */
  calls: number;
  errorMessage: string | null;
  warningMessage: string | null;
}

export const parseEdit = (text: string | null): TargetEdit | null =>
  text ? (JSON.parse(text) as TargetEdit) : null;

/** The edit as GET /v1/posts/{postId} shows it per target. */
export interface EditView {
  status: EditStatus;
  requestedAt: string;
  finishedAt: string | null;
  errorMessage: string | null;
}

export const editView = (e: TargetEdit): EditView => ({
  status: e.status,
  requestedAt: e.requestedAt,
  finishedAt: e.finishedAt,
  errorMessage: e.errorMessage,
});

/**
 * The target's warningMessage with its edit's news added: a failed edit says the
 * platform still shows the previous text; a finished one may carry the platform's warning.
 */
export function warningWithEdit(publishWarning: string | null, e: TargetEdit | null): string | null {
  const note =
    e?.status === 'failed'
      ? `The edit requested at ${e.requestedAt} failed (${e.errorMessage ?? 'no reason given'}); the post keeps its previous text and options there`
      : e?.status === 'edited' && e.warningMessage
        ? `Edited at ${e.finishedAt}, with a warning: ${e.warningMessage}`
        : null;
  if (!note) return publishWarning;
  return publishWarning ? `${publishWarning}; ${note}` : note;
}
