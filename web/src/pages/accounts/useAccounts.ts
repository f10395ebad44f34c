// The project's connected accounts, shared by every page that names one (an outcome, a
// calendar chip, a webhook payload): one request, kept fresh. An account's state
// changes on the service's side (a refresh failed, access was revoked), so the list
// is asked again when the person comes back to the tab and every minute while it shows.
import { useEffect, useSyncExternalStore } from 'react';
import { api, type Integration, ok } from '../../api/client.ts';

export type Accounts = ReadonlyMap<string, Integration>;

let current: Accounts | null = null;
let inFlight: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Asks the service for the accounts again; listeners hear the new list. */
export function refreshAccounts(): Promise<void> {
  inFlight ??= ok(
    api.GET('/v1/connect/integrations', { params: { query: { limit: 100, offset: 0, sort: 'asc' } } }),
  )
    .then((d) => {
      current = new Map(d.integrations.map((i) => [i.id, i]));
      for (const l of listeners) l();
    })
    .catch(() => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Refreshes the accounts on focus, on the tab becoming visible, and every `everyMs`. */
export function useAccountsRefresh(everyMs = 60_000): void {
  useEffect(() => {
    const again = () => {
      if (document.visibilityState === 'visible') void refreshAccounts();
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    const timer = setInterval(again, everyMs);
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
      clearInterval(timer);
    };
  }, [everyMs]);
}

/** The accounts by id (null until the first answer); asked once and kept fresh. */
export function useAccounts(): Accounts | null {
  const accounts = useSyncExternalStore(subscribe, () => current);
  useEffect(() => {
    if (!current) void refreshAccounts();
  }, []);
  useAccountsRefresh();
  return accounts;
}
