// Who is signed in, and what their role may do: the one place the dashboard asks.
// Each operation's roles come from the service's OpenAPI document (`x-access-roles`,
// the routes' own access levels), so a page shows a person only the actions their
// role allows; the API's 403 stays the backstop. While this is being read, and for an
// operation the document does not name, actions are offered (the API decides).
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { api, ok, type SessionView } from '../../api/client.ts';
import { type OpenApiDocument, openApiDocument } from '../../api/openapi.ts';
import { useLoad } from '../../ui.tsx';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Caller {
  session: SessionView | null;
  /** Whether the caller's role reaches the operation (`path` as the API declares it, e.g. `/v1/posts/{postId}`). */
  can: (method: Method, path: string) => boolean;
  /** A contributor (or viewer): may write drafts, may not publish. */
  mayPublish: boolean;
}

const ANYONE: Caller = { session: null, can: () => true, mayPublish: true };
const CallerContext = createContext<Caller>(ANYONE);

/** The OpenAPI path of a route as the dashboard's client names it (`{postId}`), matched against the document's. */
const rolesOf = (doc: OpenApiDocument | null, method: Method, path: string): string[] | undefined =>
  doc?.paths[path]?.[method]?.['x-access-roles'];

export function CallerProvider(props: { children: ReactNode }) {
  const load = useLoad(
    () =>
      Promise.all([ok(api.GET('/v1/auth/session')), openApiDocument().catch(() => null)]).then(
        ([s, doc]) => ({ session: s.session, doc }),
      ),
    [],
  );
  const value = useMemo<Caller>(() => {
    if (load.state !== 'ready') return ANYONE;
    const { session, doc } = load.data;
    const can = (method: Method, path: string) => {
      const roles = rolesOf(doc, method, path);
      return roles === undefined || roles.includes(session.role);
    };
    return { session, can, mayPublish: can('post', '/v1/posts/{postId}/approve') };
  }, [load]);
  return <CallerContext.Provider value={value}>{props.children}</CallerContext.Provider>;
}

export const useCaller = (): Caller => useContext(CallerContext);
