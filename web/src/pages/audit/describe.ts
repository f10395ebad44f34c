// How audit entries read for a person: actions as sentences, actors by name, and
// the before/after summary as short lines.

const OBJECTS: Record<string, string> = {
  post: 'Post',
  profile: 'Profile',
  integration: 'Account',
  app: 'OAuth app',
  notification: 'Notification',
  key: 'Access key',
  member: 'Member',
  queue: 'Queue',
  series: 'Series',
  comment: 'Comment',
  message: 'Message',
  media: 'Media',
};

export const FAMILIES = Object.entries(OBJECTS).map(([value, label]) => ({ value: `${value}.`, label }));

/** `post.draft_created` → "Post draft created". */
export function actionLabel(action: string): string {
  const [object = '', verb = ''] = action.split('.');
  return `${OBJECTS[object] ?? object} ${verb.replaceAll('_', ' ')}`.trim();
}

/** The actor as the API names it today (an access key by its name); older answers by kind. */
export function actorLabel(actor: { kind: string; name: string; displayName?: string }): string {
  if (actor.displayName) return actor.displayName;
  if (actor.kind === 'system') return 'the service';
  if (actor.kind === 'cli') return `${actor.name.replace(/^cli:/, '')} (command line)`;
  if (actor.kind === 'key') return `access key ${actor.name.replace(/^key:/, '')}`;
  return actor.name;
}

/** The ids of ours a summary names, with the name the API gave each (`references`). */
export type References = Record<string, { displayName: string }>;

/**
 * `{name: ["Acme", "Acme Bakery"]}` → `name: Acme → Acme Bakery`; an id the API
 * named (`{accounts: ["int_…"]}`) reads as its name: `accounts: @brand on Instagram`.
 */
export function summaryLines(summary: Record<string, unknown> | null, references: References = {}): string[] {
  if (!summary) return [];
  const show = (v: unknown): string =>
    v === null || v === undefined
      ? '—'
      : typeof v === 'string'
        ? (references[v]?.displayName ?? v)
        : JSON.stringify(v);
  return Object.entries(summary).map(([field, value]) =>
    Array.isArray(value) && value.length === 2 && field !== 'accounts'
      ? `${field}: ${show(value[0])} → ${show(value[1])}`
      : `${field}: ${Array.isArray(value) ? value.map(show).join(', ') || '—' : show(value)}`,
  );
}

/**
 * The object as a person knows it today (`displayName`: "@brand on Instagram", a
 * post's text); a removed one by its id, with what it was called when changed.
 */
export function objectName(o: {
  id: string;
  label: string | null;
  displayName?: string;
  removed?: boolean;
}): string {
  if (!o.displayName) return o.label ? `“${o.label}”` : o.id;
  return o.removed && o.label ? `${o.displayName} (was “${o.label}”)` : o.displayName;
}
