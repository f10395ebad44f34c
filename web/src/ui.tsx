// What every page shares: loading data with its three states (a placeholder of the
// final size, so nothing jumps when the data arrives; an error with a retry; an
// empty state that says what to do), links, and labelled form fields.
import {
  type DependencyList,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useState,
} from 'react';
import { navigate } from './router.ts';

export type Load<T> =
  | { state: 'loading'; reload: () => void }
  | { state: 'error'; error: string; reload: () => void }
  | { state: 'ready'; data: T; reload: () => void };

export function useLoad<T>(fn: () => Promise<T>, deps: DependencyList): Load<T> {
  const [result, setResult] = useState<
    { state: 'loading' } | { state: 'error'; error: string } | { state: 'ready'; data: T }
  >({ state: 'loading' });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  // New inputs show the placeholder; a reload of the same inputs keeps what is shown until the answer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what the loader depends on.
  useEffect(() => setResult({ state: 'loading' }), deps);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what the loader depends on.
  useEffect(() => {
    let live = true;
    fn().then(
      (data) => live && setResult({ state: 'ready', data }),
      (err: unknown) =>
        live && setResult({ state: 'error', error: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  return { ...result, reload } as Load<T>;
}

/** Reloads every `ms` while `active` (posts still on their way), so outcomes appear as they happen. */
export function useRefresh(reload: () => void, active: boolean, ms = 3000): void {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(reload, ms);
    return () => clearInterval(timer);
  }, [reload, active, ms]);
}

// A post `pending` awaits approval: it changes only when someone decides.
const UNSETTLED = new Set(['publishing', 'scheduled']);
/** Whether a list of posts has one that will change soon (due within the hour or in progress). */
export const unsettled = (posts: readonly { status: string; scheduledFor: string | null }[]): boolean =>
  posts.some(
    (p) =>
      UNSETTLED.has(p.status) &&
      (p.status !== 'scheduled' ||
        (p.scheduledFor !== null && Date.parse(p.scheduledFor) - Date.now() < 3600_000)),
  );

/** Renders a load: a placeholder of `minHeight` while loading, the error, the empty state, or the content. */
export function Loaded<T>(props: {
  load: Load<T>;
  label: string;
  minHeight?: number;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { load, minHeight = 160 } = props;
  if (load.state === 'loading')
    return (
      <div className="placeholder" style={{ minHeight }} aria-busy="true" aria-live="polite">
        <span className="visually-hidden">Loading {props.label}…</span>
      </div>
    );
  if (load.state === 'error')
    return (
      <div className="state state-error" role="alert" style={{ minHeight }}>
        <p>
          Could not load {props.label}: {load.error}
        </p>
        <button type="button" onClick={load.reload}>
          Try again
        </button>
      </div>
    );
  if (props.isEmpty?.(load.data))
    return (
      <div className="state state-empty" style={{ minHeight }}>
        {props.empty}
      </div>
    );
  return <>{props.children(load.data)}</>;
}

export function Link(props: { to: string; children: ReactNode; className?: string; current?: boolean }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(props.to);
  };
  return (
    <a
      href={props.to}
      onClick={onClick}
      className={props.className}
      aria-current={props.current ? 'page' : undefined}
    >
      {props.children}
    </a>
  );
}

/** A form field with its label and its messages (announced, and tied to the input by aria-describedby). */
export function Field(props: {
  id: string;
  label: string;
  messages?: string[];
  hint?: ReactNode;
  children: ReactNode;
}) {
  const msgs = props.messages ?? [];
  return (
    <div className={`field${msgs.length ? ' field-invalid' : ''}`}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.hint ? (
        <div className="hint" id={`${props.id}-hint`}>
          {props.hint}
        </div>
      ) : null}
      <ul className="messages" id={`${props.id}-messages`} aria-live="polite">
        {msgs.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}

/** The aria attributes of an input whose Field shows these messages. */
export const describedBy = (id: string, messages: readonly string[] = [], hint = false) => ({
  'aria-invalid': messages.length > 0 ? true : undefined,
  'aria-describedby': [`${id}-messages`, ...(hint ? [`${id}-hint`] : [])].join(' '),
});

/** The name the browser's tab and history show for a page. */
export const documentTitle = (page: string) => `${page} — Social Publishing`;

export function PageHeader(props: { title: string; children?: ReactNode }) {
  // Each page names the tab, so tabs, history and screen readers tell pages apart.
  useEffect(() => {
    document.title = documentTitle(props.title);
  }, [props.title]);
  return (
    <header className="page-header">
      <h1 tabIndex={-1} id="page-title">
        {props.title}
      </h1>
      {props.children ? <div className="page-actions">{props.children}</div> : null}
    </header>
  );
}

export const formatTime = (iso: string | null | undefined, timeZone?: string): string =>
  iso
    ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
        new Date(iso),
      )
    : '—';

export const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const zones = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [browserZone, 'UTC'];
  }
})();

/** A select of the IANA time zones the browser knows (with `value` first when it is not one of them). */
export function TimeZoneSelect(props: { id: string; value: string; onChange: (zone: string) => void }) {
  return (
    <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
      {(zones.includes(props.value) ? zones : [props.value, ...zones]).map((z) => (
        <option key={z} value={z}>
          {z}
        </option>
      ))}
    </select>
  );
}
