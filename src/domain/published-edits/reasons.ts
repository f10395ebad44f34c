/** Credit ledger reasons of edits after publishing (1 credit per platform edit; a failed edit is refunded). */
export const PUBLISHED_EDIT_REASON = 'published_edit';
export const PUBLISHED_EDIT_REFUND_REASON = 'published_edit_refund';
