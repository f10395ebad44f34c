// What the compose form works on: a new post, a scheduled post (edited with PUT), or a draft.
export type ComposeKind = 'new' | 'scheduled' | 'draft';

export const COMPOSE_TITLES: Record<ComposeKind, string> = {
  new: 'Compose',
  scheduled: 'Edit scheduled post',
  draft: 'Edit draft',
};
