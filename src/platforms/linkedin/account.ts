/**
 * What the LinkedIn adapter reads from a connected account and the headers every
 * call carries. The author is `metadata.urn` (saved at connect time), or
 * `platformUserId` when it already is a URN, else
 * `urn:li:organization:{id}` when `metadata.accountType` (or `metadata.type`) is
 * `organization`, else `urn:li:person:{id}`.
 */
import type { AccountCredentials } from '../contract.ts';

export function authorUrn(account: AccountCredentials): string {
  const urn = account.metadata.urn;
  if (typeof urn === 'string' && urn.startsWith('urn:li:')) return urn;
  const id = account.platformUserId;
  if (id.startsWith('urn:li:')) return id;
  const kind = account.metadata.accountType ?? account.metadata.type;
  return kind === 'organization' ? `urn:li:organization:${id}` : `urn:li:person:${id}`;
}

/**
 * Every LinkedIn call carries the configured version (the module's `apiVersion`,
 * LINKEDIN_API_VERSION); a call without one is a wiring mistake, not a platform error.
 */
export function requireVersion(version: string | undefined): string {
  if (!version) throw new Error('LinkedIn calls need the LinkedIn-Version from LINKEDIN_API_VERSION');
  return version;
}

export const linkedinHeaders = (account: AccountCredentials, version: string | undefined) => ({
  authorization: `Bearer ${account.accessToken}`,
  'linkedin-version': requireVersion(version),
  'x-restli-protocol-version': '2.0.0',
});

/** `https://www.linkedin.com/feed/update/{urn}`. */
export const linkedinPostUrl = (urn: string) => `https://www.linkedin.com/feed/update/${urn}`;
