/**
 * Who may do what in a project. A caller (a member signed in, or an access key)
 * has one role; each route asks for one access level; a role allows the levels at
 * and below its rank. A caller may also be limited to some profiles: then they see
 * and act only on those profiles' accounts and posts.
 */

/** A member's (or a key's) role, from most to least powerful. */
export const ROLES = ['owner', 'admin', 'editor', 'contributor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a route needs:
 * - read: see the project's data (viewer and up);
 * - draft: write drafts and posts that then need approval, notes, uploads, AI (contributor and up);
 * - publish: connect accounts, publish, schedule, approve (editor and up);
 * - manage: members, keys, webhooks, apps (admin and up);
 * - own: everything, such as credit settings and ownership (owner).
 */
export const ACCESS_LEVELS = ['read', 'draft', 'publish', 'manage', 'own'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** The highest access level each role reaches. */
const REACH: Record<Role, Access> = {
  owner: 'own',
  admin: 'manage',
  editor: 'publish',
  contributor: 'draft',
  viewer: 'read',
};

export function roleAllows(role: Role, access: Access): boolean {
  return ACCESS_LEVELS.indexOf(REACH[role]) >= ACCESS_LEVELS.indexOf(access);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The access a route needs when it does not say: reading for GET, publishing for every change. */
export function defaultAccess(method: string): Access {
  return method === 'GET' ? 'read' : 'publish';
}

/** The roles that reach `access`, most powerful first (for the OpenAPI document and docs/roles.md). */
export function rolesReaching(access: Access): Role[] {
  return ROLES.filter((role) => roleAllows(role, access));
}

/** True when `role` is no more powerful than `of`: what a caller may hand out (a key's role). */
export function roleWithin(role: Role, of: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(of);
}
