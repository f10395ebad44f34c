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

export function actorLabel(actor: { kind: string; name: string }): string {
  if (actor.kind === 'system') return 'the service';
  if (actor.kind === 'cli') return `${actor.name.replace(/^cli:/, '')} (command line)`;
  if (actor.kind === 'key') return `access key ${actor.name.replace(/^key:/, '')}`;
  return actor.name;
}

const show = (v: unknown): string =>
  v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v);

/** `{name: ["Acme", "Acme Bakery"]}` → `name: Acme → Acme Bakery`. */
export function summaryLines(summary: Record<string, unknown> | null): string[] {
  if (!summary) return [];
  return Object.entries(summary).map(([field, value]) =>
    Array.isArray(value) && value.length === 2 && field !== 'accounts'
      ? `${field}: ${show(value[0])} → ${show(value[1])}`
      : `${field}: ${Array.isArray(value) ? value.map(show).join(', ') || '—' : show(value)}`,
  );
}
