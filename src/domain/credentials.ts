/**
 * Every kind of credential-like token the service issues, with the prefix that
 * names it. A token is made only by `newCredential`, so a new kind has to be added
 * here, and then the log mask (src/log.ts, built from these prefixes) knows it and
 * the log test (src/log.test.ts, which goes through this list) covers it.
 *
 * Each is stored as a hash of the whole token (or not at all), so giving a kind a
 * prefix later leaves the tokens issued before it working: review links and OAuth
 * states issued without one are looked up by their hash as before.
 */
import { randomBytes } from 'node:crypto';

export const CREDENTIALS = {
  /** A project's access key (`x-access-key`). */
  accessKey: { prefix: 'sps_', bytes: 32 },
  /** A dashboard session (the `sps_session` cookie). */
  session: { prefix: 'sess_', bytes: 32 },
  /** A one-time account link: invitation, password reset, OpenID Connect sign-in state. */
  accountToken: { prefix: 'spt_', bytes: 32 },
  /** A webhook subscription's signing secret. */
  webhookSecret: { prefix: 'whsec_', bytes: 32 },
  /** A one-time selection token (Facebook Pages, LinkedIn pages, Google Business locations). */
  selection: { prefix: 'sel_', bytes: 24 },
  /** A hosted connect session's link. */
  connectSession: { prefix: 'cs_', bytes: 32 },
  /** A client review link. */
  reviewLink: { prefix: 'rvw_', bytes: 32 },
  /** The `state` of an OAuth connection, sent to the platform and back. */
  oauthState: { prefix: 'ost_', bytes: 32 },
  /** The cookie that binds a hosted account choice page to the browser that connected. */
  choiceBrowserKey: { prefix: 'sck_', bytes: 32 },
} as const;

export type CredentialKind = keyof typeof CREDENTIALS;

/** A new random token of this kind: its prefix, then URL-safe random text. */
export function newCredential(kind: CredentialKind): string {
  const { prefix, bytes } = CREDENTIALS[kind];
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/** The prefixes, without their underscore (for the log mask). */
export const CREDENTIAL_PREFIXES: readonly string[] = Object.values(CREDENTIALS).map((c) =>
  c.prefix.slice(0, -1),
);
