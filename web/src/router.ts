// A small path router over the History API: the service answers index.html for
// every page path (src/http/dashboard.ts), so each page has a real, bookmarkable URL.
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};
window.addEventListener('popstate', notify);

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  notify();
}

const current = () => location.pathname + location.search;

export function useLocation(): URL {
  const href = useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, current);
  return new URL(href, location.origin);
}
