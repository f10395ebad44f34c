// The brand (profile) a manager works on, chosen once and remembered between pages
// for the tab's life: Posts, Calendar, Queue, Inbox and Analytics show that brand's
// posts and accounts until "All brands" is chosen again.
import { useEffect, useId, useSyncExternalStore } from 'react';
import { useLoad } from '../../ui.tsx';
import { loadProfiles } from '../planning/queues.ts';

const KEY = 'sps.brand';
const EVENT = 'sps:brand';

const read = () => sessionStorage.getItem(KEY) ?? '';
const subscribe = (changed: () => void) => {
  window.addEventListener(EVENT, changed);
  return () => window.removeEventListener(EVENT, changed);
};

export function setBrand(profileId: string): void {
  if (profileId) sessionStorage.setItem(KEY, profileId);
  else sessionStorage.removeItem(KEY);
  window.dispatchEvent(new Event(EVENT));
}

/** The remembered brand's profile id, 'null' for the accounts without one, or '' for all brands. */
export const useBrand = (): string => useSyncExternalStore(subscribe, read);

export function BrandFilter(props: { label?: string }) {
  const brand = useBrand();
  const id = useId();
  const profiles = useLoad(loadProfiles, []);
  const list = profiles.state === 'ready' ? profiles.data : [];
  // A remembered brand deleted since is forgotten.
  useEffect(() => {
    if (profiles.state === 'ready' && brand && brand !== 'null' && !list.some((p) => p.id === brand))
      setBrand('');
  }, [profiles.state, brand, list]);
  if (list.length === 0) return null;
  return (
    <div className="brand-filter">
      <label htmlFor={id}>{props.label ?? 'Brand'}</label>
      <select id={id} value={brand} onChange={(e) => setBrand(e.target.value)}>
        <option value="">All brands</option>
        <option value="null">No profile</option>
        {list.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  );
}
