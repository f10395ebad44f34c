/**
 * docs/roles.md, written from the route objects themselves (their `access`), so the
 * table never drifts from what the server enforces: `npm run docs:roles` writes it and
 * test/teams/roles-doc.test.ts fails when it is stale.
 */
import { defaultAccess, ROLES, rolesReaching } from './roles.ts';

interface RouteLike {
  method: string;
  url: string;
  summary: string;
  auth?: boolean | 'optional';
  hidden?: boolean;
  access?: import('./roles.ts').Access;
}

export function rolesDoc(routes: readonly RouteLike[]): string {
  const cells = routes
    .filter((r) => r.auth !== false && !r.hidden)
    .map((r) => {
      const access = r.access ?? defaultAccess(r.method);
      return [r.method, `\`${r.url}\``, access, rolesReaching(access).join(', '), r.summary];
    });
  const rows = alignedTable(['Method', 'Path', 'Access', 'Roles', 'Summary'], cells);
  return [
    '# Roles and the access each route needs',
    '',
    'Generated from the route definitions (`access` in src/routes/**) by `npm run docs:roles`; do not edit by hand.',
    'The OpenAPI document states the same per operation as `x-access-level` and `x-access-roles`.',
    '',
    `Roles, most powerful first: ${ROLES.join(', ')}. A role reaches its own level and every level below:`,
    '',
    "- read: see the project's data (viewer and up);",
    '- draft: write drafts and posts that then need approval, uploads, AI (contributor and up);',
    '- publish: connect accounts, publish, schedule, retry, delete posts, queues and series, comments and messages (editor and up);',
    '- manage: access keys, notification subscriptions (webhooks), OAuth apps, members (admin and up);',
    '- own: everything (owner).',
    '',
    "A caller whose role does not reach the route's level is answered 403, saying the level needed and its role.",
    '',
    '## Profile scope',
    '',
    'A member or key may be limited to some profiles. It then sees and acts only on the accounts',
    '(integrations) of those profiles and on the posts whose every target is such an account: lists',
    'are filtered, and any other record is answered exactly as one that does not exist (404, or an',
    'unknown account), never 403. A post whose targets span profiles it reaches and others is',
    'invisible to it. It can not create a profile (403), moves accounts only between its profiles,',
    'connects accounts and subscribes to notifications only under one of its profiles (profileId',
    'is then required), sees only the notification subscriptions of its profiles, counts usage',
    "only of its profiles (without the project's balance), and creates access keys only limited to",
    'some of its profiles and with a role no higher than its own.',
    '',
    ...rows,
    '',
  ].join('\n');
}

/** A Markdown table with its columns padded to one width, as a formatter would leave it. */
function alignedTable(head: string[], body: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, 3, ...body.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) => `| ${row.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)];
}
