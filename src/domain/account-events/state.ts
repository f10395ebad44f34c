/**
 * The account.* events' data: which account, why, and what the user must do,
 * in words an integrator can show their customer as they are.
 */
import type { AccountStateData } from '../../notifications/account-events.ts';
import { isPlatform } from '../../platforms/names.ts';
import { PLATFORM_MODULES } from '../../platforms/registry.ts';
import { type AccountRow, accountRef } from './write.ts';

const platformName = (platform: string): string =>
  isPlatform(platform) ? PLATFORM_MODULES[platform].displayName : platform;

const who = (row: AccountRow): string => {
  const handle = row.username ? `@${row.username.replace(/^@/, '')}` : null;
  return `${platformName(row.platform)} account ${handle ?? row.display_name ?? row.id}`;
};

const WHY: Record<string, (name: string) => string> = {
  token_expired: (name) =>
    `The authorization of the ${name} has expired and can not be renewed without its owner.`,
  token_revoked: (name) =>
    `The platform refused the authorization of the ${name}: it was revoked, or the password or permissions changed.`,
  missing_scopes: (name) => `The ${name} was connected without permissions the service needs.`,
  refresh_failed: (name) => `The platform refused to renew the authorization of the ${name}.`,
};

const reconnect = (row: AccountRow): string =>
  `Connect the account again (GET /v1/connect/${row.platform}, or Accounts in the dashboard); publishing to it fails until then.`;

export function disconnectedData(row: AccountRow, reason: string): AccountStateData {
  const name = who(row);
  return {
    account: accountRef(row),
    reason,
    summary: (WHY[reason] ?? WHY['refresh_failed'])?.(name) ?? '',
    action: reconnect(row),
    expiresAt: null,
  };
}

export const reconnectedData = (row: AccountRow): AccountStateData => ({
  account: accountRef(row),
  reason: null,
  summary: `The ${who(row)} was connected again and can be published to.`,
  action: null,
  expiresAt: null,
});

export const removedData = (row: AccountRow): AccountStateData => ({
  account: accountRef(row),
  reason: null,
  summary: `The ${who(row)} was disconnected from the service and removed.`,
  action: null,
  expiresAt: null,
});

export const tokenExpiringData = (row: AccountRow, expiresAt: string): AccountStateData => ({
  account: accountRef(row),
  reason: 'token_expiring',
  summary: `The authorization of the ${who(row)} expires at ${expiresAt} and the platform does not let the service renew it.`,
  action: `${reconnect(row).replace(' fails until then', ' fails once it has expired')} Reconnecting before then avoids the gap.`,
  expiresAt,
});
