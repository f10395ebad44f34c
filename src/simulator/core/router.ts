/**
 * A small path router. Patterns are literal segments, `:name` (one segment) and a
 * final `*` (the rest, as `params.rest`). Trailing slashes are ignored on both
 * sides, so `/v2/user/info/` and `/v2/user/info` match alike (TikTok's paths end in
 * `/`). When several routes match, the one with the most literal segments wins, so
 * a module may add `/2/users/me` beside an existing `/2/users/:id`.
 */
import type { SimRequest, SimResponse } from './http.ts';

export type SimHandler = (req: SimRequest) => SimResponse | Promise<SimResponse>;

export interface RouteOptions {
  /**
   * Check the access token before the handler: it must exist, be unexpired and not
   * revoked, else the platform's own 401 answer. The token record is then in
   * `req.auth` (see `authOf`).
   */
  auth?: boolean;
}

interface Route {
  method: string;
  segments: string[];
  literalCount: number;
  handler: SimHandler;
  options: RouteOptions;
}

interface RouteMatch {
  handler: SimHandler;
  params: Record<string, string>;
  options: RouteOptions;
}

const split = (path: string): string[] => path.split('/').filter((s) => s.length > 0);

export class SimRouter {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: SimHandler, options: RouteOptions = {}): void {
    const segments = split(pattern);
    const shape = (segs: string[]) => segs.map((s) => (s.startsWith(':') ? ':' : s)).join('/');
    const clash = this.routes.find(
      (r) => r.method === method.toUpperCase() && shape(r.segments) === shape(segments),
    );
    if (clash) {
      // Two modules answering the same route would make one of them silently dead.
      throw new Error(`simulator route ${method.toUpperCase()} ${pattern} is registered twice`);
    }
    this.routes.push({
      method: method.toUpperCase(),
      segments,
      literalCount: segments.filter((s) => !s.startsWith(':') && s !== '*').length,
      handler,
      options,
    });
  }

  get(pattern: string, handler: SimHandler, options?: RouteOptions): void {
    this.add('GET', pattern, handler, options);
  }
  post(pattern: string, handler: SimHandler, options?: RouteOptions): void {
    this.add('POST', pattern, handler, options);
  }
  put(pattern: string, handler: SimHandler, options?: RouteOptions): void {
    this.add('PUT', pattern, handler, options);
  }
  patch(pattern: string, handler: SimHandler, options?: RouteOptions): void {
    this.add('PATCH', pattern, handler, options);
  }
  delete(pattern: string, handler: SimHandler, options?: RouteOptions): void {
    this.add('DELETE', pattern, handler, options);
  }

  /** The best route for a method and path; `methodMismatch` when only other methods match. */
  match(method: string, path: string): RouteMatch | 'methodMismatch' | undefined {
    const parts = split(path).map((p) => safeDecode(p));
    let best: { route: Route; params: Record<string, string> } | undefined;
    let otherMethod = false;
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      const sameMethod = route.method === method || (method === 'HEAD' && route.method === 'GET');
      if (!sameMethod) {
        otherMethod = true;
        continue;
      }
      if (!best || route.literalCount > best.route.literalCount) best = { route, params };
    }
    if (best) return { handler: best.route.handler, params: best.params, options: best.route.options };
    return otherMethod ? 'methodMismatch' : undefined;
  }
}

const safeDecode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

const matchSegments = (pattern: string[], parts: string[]): Record<string, string> | undefined => {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    if (p === '*') {
      params['rest'] = parts.slice(i).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return undefined;
    if (p.startsWith(':')) params[p.slice(1)] = part;
    else if (p !== part) return undefined;
  }
  return parts.length === pattern.length ? params : undefined;
};
