// The dashboard: a person signs in with their e-mail and password (a session cookie)
// or an operator with a project's access key, then works with the service's public
// API only (src/api/client.ts), page by page.
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { api, ok, session, signOut } from './api/client.ts';
import Integrations from './pages/accounts/Integrations.tsx';
import Selection from './pages/accounts/Selection.tsx';
import Analytics from './pages/analytics/Analytics.tsx';
import Approvals from './pages/approval/Approvals.tsx';
import ReviewPage from './pages/approval/ReviewPage.tsx';
import Audit from './pages/audit/Audit.tsx';
import Compose from './pages/compose/Compose.tsx';
import Inbox from './pages/inbox/Inbox.tsx';
import MediaLibrary from './pages/media/MediaLibrary.tsx';
import MainNav from './pages/nav/MainNav.tsx';
import Notifications from './pages/notifications/Notifications.tsx';
import Calendar from './pages/planning/Calendar.tsx';
import Drafts from './pages/planning/Drafts.tsx';
import Queue from './pages/planning/Queue.tsx';
import Posts from './pages/posts/Posts.tsx';
import SignIn from './pages/signin/SignIn.tsx';
import AcceptInvitation from './pages/teams/AcceptInvitation.tsx';
import Account from './pages/teams/Account.tsx';
import Members from './pages/teams/Members.tsx';
import { CallerProvider } from './pages/teams/permissions.tsx';
import ResetPassword from './pages/teams/ResetPassword.tsx';
import Usage from './pages/usage/Usage.tsx';
import { navigate, useLocation } from './router.ts';
import { useLoad } from './ui.tsx';
import './styles.css';

function page(path: string, onSignOut: () => void) {
  if (path.startsWith('/members')) return <Members />;
  if (path.startsWith('/account')) return <Account onSignedOut={onSignOut} />;
  if (path.startsWith('/compose')) return <Compose />;
  if (path.startsWith('/drafts')) return <Drafts />;
  if (path.startsWith('/approvals')) return <Approvals />;
  if (path.startsWith('/calendar')) return <Calendar />;
  if (path.startsWith('/queue')) return <Queue />;
  if (path.startsWith('/integrations')) return <Integrations />;
  if (path.startsWith('/connect/selection')) return <Selection />;
  if (path.startsWith('/notifications')) return <Notifications />;
  if (path.startsWith('/usage')) return <Usage />;
  if (path.startsWith('/audit')) return <Audit />;
  if (path.startsWith('/inbox')) return <Inbox />;
  if (path.startsWith('/analytics')) return <Analytics />;
  if (path.startsWith('/media')) return <MediaLibrary />;
  return <Posts />;
}

function Shell(props: { onSignOut: () => void }) {
  const here = useLocation();
  const project = useLoad(() => ok(api.GET('/v1/project')), []);
  // Moving to another page puts the keyboard focus on its title, as a page load would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each page change, which it reads from the DOM.
  useEffect(() => {
    document.getElementById('page-title')?.focus();
  }, [here.pathname]);
  return (
    <CallerProvider>
      <div className="shell">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="topbar">
          <span className="brand">Social Publishing</span>
          <span className="project" data-testid="project">
            Project:{' '}
            <strong>
              {project.state === 'ready' ? project.data.project.name : project.state === 'error' ? '?' : '…'}
            </strong>
          </span>
          <button type="button" className="secondary" onClick={props.onSignOut}>
            Sign out
          </button>
        </header>
        <MainNav pathname={here.pathname} />
        <main id="main">{page(here.pathname, props.onSignOut)}</main>
      </div>
    </CallerProvider>
  );
}

/** Signed in when a key is kept, or when the service knows the session cookie (GET /v1/auth/session). */
async function signedInNow(): Promise<boolean> {
  if (session.key() !== null) return true;
  const res = await api.GET('/v1/auth/session').catch(() => null);
  return res?.response.ok === true;
}

/** A client review link's token, when the page is one (it needs no sign-in). */
const reviewToken = (path: string): string | null => /^\/review\/([^/]+)\/?$/.exec(path)?.[1] ?? null;

function App() {
  const [signedIn, setSignedIn] = useState<boolean | null>(session.key() !== null ? true : null);
  const here = useLocation();
  const token = reviewToken(here.pathname);
  useEffect(() => {
    if (signedIn === null) signedInNow().then(setSignedIn);
    const out = () => setSignedIn(false);
    window.addEventListener('sps:signed-out', out);
    return () => window.removeEventListener('sps:signed-out', out);
  }, [signedIn]);
  const onSignedIn = () => {
    setSignedIn(true);
    navigate('/', { replace: true });
  };
  // The pages of the one-time links, and a client's review page, work whoever is signed in.
  if (token) return <ReviewPage token={decodeURIComponent(token)} />;
  if (here.pathname.startsWith('/invitation')) return <AcceptInvitation onSignedIn={onSignedIn} />;
  if (here.pathname.startsWith('/reset-password')) return <ResetPassword />;
  if (signedIn === null)
    return (
      <main className="signin" id="main" aria-busy="true">
        <p>Loading…</p>
      </main>
    );
  if (!signedIn) return <SignIn onSignedIn={onSignedIn} />;
  return (
    <Shell
      onSignOut={() => {
        signOut().finally(() => {
          setSignedIn(false);
          navigate('/', { replace: true });
        });
      }}
    />
  );
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
