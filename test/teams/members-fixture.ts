/**
 * Members for tests: invited through the API with the project's owner key and
 * accepted, so each has a password and a session cookie; requests sent as that
 * member carry the cookie and the service's own Origin, as the dashboard's do.
 */
import type { Role } from '../../src/domain/teams/roles.ts';
import type { TestResponse, TestService } from '../harness.ts';

export const PASSWORD = 'correct horse battery staple';

/** Test settings: a cheaper scrypt cost, so the many hashes of a suite stay quick. */
export const TEAM_SETTINGS = { PASSWORD_SCRYPT_LOG2_N: '12' } as const;

export interface TestMember {
  memberId: string;
  email: string;
  cookie: string;
}

export function cookieOf(res: TestResponse): string {
  const raw = res.headers['set-cookie'];
  const line = Array.isArray(raw) ? (raw[0] ?? '') : String(raw ?? '');
  return line.split(';')[0] ?? '';
}

/** Sends a request with a cookie (no access key) from the service's own origin, or from `origin`. */
export async function asMember(
  t: TestService,
  cookie: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<TestResponse> {
  const res = await t.service.server!.inject({
    method: method as 'GET',
    url,
    headers: {
      cookie,
      origin: t.ctx.config.PUBLIC_URL!,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  let parsed: unknown;
  try {
    parsed = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.statusCode, headers: res.headers, body: parsed, text: res.body };
}

/** Sends a request with neither key nor cookie (the sign-in and invitation routes). */
export const anonymous = (t: TestService, method: string, url: string, body?: unknown, headers = {}) =>
  asMember(t, '', method, url, body, headers);

export async function invite(
  t: TestService,
  email: string,
  role: Role,
  profileIds: string[] | null = null,
): Promise<string> {
  const res = await t.request('POST', '/v1/members', { email, role, profileIds });
  if (res.status !== 201) throw new Error(`invite answered ${res.status}: ${res.text}`);
  return String(res.body.link).split('#')[1] ?? '';
}

export async function addMember(
  t: TestService,
  email: string,
  role: Role,
  profileIds: string[] | null = null,
): Promise<TestMember> {
  const token = await invite(t, email, role, profileIds);
  const res = await anonymous(t, 'POST', `/v1/auth/invitations/${token}/accept`, { password: PASSWORD });
  if (res.status !== 200) throw new Error(`accept answered ${res.status}: ${res.text}`);
  return { memberId: res.body.session.memberId, email, cookie: cookieOf(res) };
}
