// The main navigation, in four groups (Plan, Engage, Analyse, Settings) so that fifteen
// pages fit one line on a desktop; on a phone it folds behind one "Menu" button so that
// it takes a single row of the screen until it is asked for.
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link } from '../../ui.tsx';
import { useCaller } from '../teams/permissions.tsx';

type Needs = [method: 'get' | 'post' | 'put', path: string];
interface Entry {
  to: string;
  label: string;
  /** The operation the page is for: a person whose role can not use it is not offered it. */
  needs?: Needs;
}

const GROUPS: { label: string; entries: Entry[] }[] = [
  {
    label: 'Plan',
    entries: [
      { to: '/posts', label: 'Posts' },
      { to: '/compose', label: 'Compose' },
      { to: '/drafts', label: 'Drafts' },
      { to: '/approvals', label: 'Approvals' },
      { to: '/calendar', label: 'Calendar' },
      { to: '/queue', label: 'Queue' },
      { to: '/media', label: 'Media' },
    ],
  },
  { label: 'Engage', entries: [{ to: '/inbox', label: 'Inbox' }] },
  {
    label: 'Analyse',
    entries: [
      { to: '/analytics', label: 'Analytics' },
      // Credits are spent by publishing: the page is for those who publish.
      { to: '/usage', label: 'Usage', needs: ['post', '/v1/posts/{postId}/retry'] },
      { to: '/audit', label: 'Audit', needs: ['get', '/v1/audit'] },
    ],
  },
  {
    label: 'Settings',
    entries: [
      { to: '/integrations', label: 'Accounts' },
      { to: '/notifications', label: 'Notifications', needs: ['post', '/v1/notifications'] },
      { to: '/members', label: 'Members', needs: ['get', '/v1/members'] },
      { to: '/account', label: 'Account' },
    ],
  },
];

const isCurrent = (to: string, pathname: string) =>
  pathname.startsWith(to) || (to === '/posts' && pathname === '/');

export default function MainNav(props: { pathname: string }) {
  const { can } = useCaller();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Choosing a page folds the phone's menu again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each page change.
  useEffect(() => setOpen(false), [props.pathname]);
  const groups = GROUPS.map((g) => ({
    ...g,
    entries: g.entries.filter((e) => !e.needs || can(...e.needs)),
  })).filter((g) => g.entries.length > 0);
  const here = groups.flatMap((g) => g.entries).find((e) => isCurrent(e.to, props.pathname));
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
    }
  };
  return (
    <nav aria-label="Main" className="mainnav" data-open={open ? 'true' : 'false'} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="nav-toggle secondary"
        aria-expanded={open}
        aria-controls="mainnav-groups"
        onClick={() => setOpen(!open)}
      >
        Menu{here ? <span className="nav-here">: {here.label}</span> : null}
      </button>
      <ul id="mainnav-groups" className="nav-groups">
        {groups.map((g) => (
          <li key={g.label} className="nav-group">
            <span className="nav-group-label" id={`nav-${g.label}`}>
              {g.label}
            </span>
            <ul className="nav-links" aria-labelledby={`nav-${g.label}`}>
              {g.entries.map((e) => (
                <li key={e.to}>
                  <Link to={e.to} current={isCurrent(e.to, props.pathname)}>
                    {e.label}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}
