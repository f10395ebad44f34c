/**
 * The simulator: one HTTP server on loopback serving all ten platforms, each under
 * its own path prefix (`/twitter/2/tweets`, `/facebook/v25.0/me/accounts`...), plus
 * the `/_sim/` control API. Tests start it in process; `npm run simulator` starts it
 * alone.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { isPlatform, type Platform } from '../../facts/platforms.ts';
import { answerAi } from '../ai/index.ts';
import { ContractLog } from '../contracts/log.ts';
import { CallLog } from './calls.ts';
import { SimClock } from './clock.ts';
import { handleControl } from './control.ts';
import { type ActiveFault, FaultRules } from './faults.ts';
import { allParams, bearerToken, json, parseBody, type SimRequest, type SimResponse } from './http.ts';
import { debouncedSaver, loadState } from './persist.ts';
import type { PlatformProfile } from './profile.ts';
import { loadPlatforms } from './registry.ts';
import type { Simulator, SimulatorOptions, TokenCheck } from './simulator-api.ts';
import { defaultClient, SimState } from './state.ts';

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const send = (res: ServerResponse, r: SimResponse): void => {
  if (res.destroyed || res.headersSent) return;
  const headers: Record<string, string> = { ...(r.headers ?? {}) };
  const hasType = Object.keys(headers).some((k) => k.toLowerCase() === 'content-type');
  let payload: Buffer | string | undefined;
  if (r.body === undefined) payload = undefined;
  else if (Buffer.isBuffer(r.body)) {
    payload = r.body;
    if (!hasType) headers['content-type'] = 'application/octet-stream';
  } else if (typeof r.body === 'string') {
    payload = r.body;
    if (!hasType) headers['content-type'] = 'text/plain; charset=utf-8';
  } else {
    payload = JSON.stringify(r.body);
    if (!hasType) headers['content-type'] = 'application/json; charset=utf-8';
  }
  res.writeHead(r.status, headers);
  res.end(payload);
};

/** Summary of a non-JSON body for the call log. */
const loggedBody = (body: unknown, contentType: string | undefined): unknown =>
  Buffer.isBuffer(body) ? { bytes: body.length, contentType: contentType ?? null } : body;

export const createSimulator = async (options: SimulatorOptions = {}): Promise<Simulator> => {
  const clock = new SimClock();
  const calls = new CallLog();
  const faults = new FaultRules();
  const contracts = new ContractLog(options.contracts === true);
  const loaded = await loadPlatforms();
  const profiles = loaded.map((l) => l.profile);
  const state = new SimState(profiles, clock);
  const byName = new Map(loaded.map((l) => [l.profile.name, l]));
  const sockets = new Set<Socket>();
  const closing = new AbortController();
  let url = '';
  let port = 0;

  const profile = (platform: Platform): PlatformProfile => {
    const p = byName.get(platform)?.profile;
    if (!p) throw new Error(`unknown platform ${platform}`);
    return p;
  };

  const checkToken = (platform: Platform, value: string | undefined): TokenCheck => {
    if (!value) return { ok: false, problem: 'missing' };
    const t = state.token(value);
    if (!t || t.platform !== platform || t.kind === 'refresh') return { ok: false, problem: 'unknown' };
    if (t.revoked) return { ok: false, problem: 'revoked' };
    if (t.expiresAt !== null && t.expiresAt <= clock.now()) return { ok: false, problem: 'expired' };
    const account = state.account(platform, t.accountId);
    if (!account) return { ok: false, problem: 'revoked' };
    return { ok: true, token: t, account };
  };

  const tokenOf = (p: PlatformProfile, req: SimRequest): string | undefined =>
    p.tokenOf ? p.tokenOf(req) : (bearerToken(req) ?? allParams(req)['access_token']);

  const sim: Simulator = {
    get url() {
      return url;
    },
    get port() {
      return port;
    },
    state,
    calls,
    faults,
    clock,
    contracts,
    platforms: profiles,
    baseUrl: (platform) => `${url}/${platform}`,
    get blueskyServiceUrl() {
      return url;
    },
    profile,
    addAccount: (platform, account) =>
      state.addAccount(platform, {
        username: account.id,
        name: account.id,
        avatarUrl: `https://sim.invalid/${platform}/${account.id}.png`,
        email: `${account.id}@sim.invalid`,
        ...account,
      }),
    addApp: (platform, app) => state.addApp(platform, app),
    countPosts: (platform, filter) => state.countPosts(platform, filter),
    issueTokens: (platform, opts = {}) => {
      const account = opts.accountId ?? state.defaultAccount(platform).id;
      if (!state.account(platform, account)) throw new Error(`no ${platform} account ${account}`);
      const policy = state.policy(platform);
      const ttl = opts.ttlSec === undefined ? policy.accessTtlSec : opts.ttlSec;
      const base = {
        platform,
        clientId: defaultClient(platform).clientId,
        accountId: account,
        scopes: opts.scopes ?? [],
        grantId: `direct-${clock.now()}-${Math.random().toString(36).slice(2)}`,
      };
      const access = state.issueToken({
        ...base,
        kind: opts.pageId ? 'page' : 'access',
        ...(opts.pageId ? { subjectId: opts.pageId, longLived: true } : {}),
        expiresAt: ttl === null ? null : clock.now() + ttl * 1000,
      });
      const refresh = opts.refresh
        ? state.issueToken({
            ...base,
            kind: 'refresh',
            expiresAt: policy.refreshTtlSec === null ? null : clock.now() + policy.refreshTtlSec * 1000,
          })
        : undefined;
      return {
        accessToken: access.value,
        ...(refresh ? { refreshToken: refresh.value } : {}),
        expiresAt: access.expiresAt,
      };
    },
    checkToken,
    reset: () => {
      calls.clear();
      faults.clear();
      clock.reset();
      state.reset();
    },
    close: () =>
      new Promise<void>((resolve) => {
        saver?.flush();
        closing.abort();
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };

  for (const l of loaded) for (const register of l.modules) register(l.router, sim);
  for (const m of options.extraModules ?? []) {
    const l = byName.get(m.platform);
    if (!l) throw new Error(`unknown platform ${m.platform}`);
    m.register(l.router, sim);
  }

  // Restored after the modules registered, into the maps they already hold.
  if (options.stateFile) loadState(state, options.stateFile);
  const saver = options.stateFile ? debouncedSaver(state, options.stateFile) : null;

  const faultAnswer = (
    p: PlatformProfile,
    f: ActiveFault,
    accountId: string | undefined,
    req: SimRequest,
  ): SimResponse => {
    if (f.unauthorized) return p.unauthorized(f.unauthorized === true ? 'expired' : f.unauthorized, req);
    if (f.rateLimit) {
      const r = p.rateLimited(f.rateLimit === true ? {} : f.rateLimit, clock.nowSec(), accountId);
      return { ...r, headers: { ...(r.headers ?? {}), ...(f.headers ?? {}) }, body: f.body ?? r.body };
    }
    return { status: f.status ?? 500, body: f.body, headers: f.headers ?? {} };
  };

  const handle = async (raw: IncomingMessage, res: ServerResponse): Promise<void> => {
    const parsed = new URL(raw.url ?? '/', 'http://sim.local');
    const fullPath = parsed.pathname;
    const rawBody = await readBody(raw);
    const contentType = raw.headers['content-type'];
    const base = {
      method: (raw.method ?? 'GET').toUpperCase(),
      fullPath,
      query: Object.fromEntries(parsed.searchParams),
      searchParams: parsed.searchParams,
      headers: raw.headers,
      body: parseBody(rawBody, contentType),
      rawBody,
      params: {},
    };
    if (fullPath === '/_sim' || fullPath.startsWith('/_sim/')) {
      send(res, await handleControl(sim, { ...base, path: fullPath, platform: null }));
      return;
    }
    const segment = fullPath.split('/')[1] ?? '';
    if (segment === 'ai') {
      const answer = await answerAi(
        sim,
        { ...base, path: fullPath.slice(3) || '/', platform: null },
        closing.signal,
      );
      if (answer) send(res, answer);
      return;
    }
    // `@atproto/api` resolves `/xrpc/...` against the host and drops any path in the
    // service URL, so Bluesky's XRPC is also served at the root.
    const first = segment === 'xrpc' ? 'bluesky' : segment;
    if (!isPlatform(first)) {
      send(res, json(404, { error: 'not_found', message: `No platform at ${fullPath}; see ${url}/_sim/` }));
      return;
    }
    const p = profile(first);
    const below = segment === 'xrpc' ? fullPath : fullPath.slice(first.length + 1) || '/';
    // `/_host/<hostname>/...`: a call to another host of the platform (Facebook's
    // graph-video), which a module may tell apart; the path below it is the real one.
    const hosted = /^\/_host\/([^/]+)(\/.*)?$/.exec(below);
    const path = hosted ? hosted[2] || '/' : below;
    const req: SimRequest = { ...base, platform: first, path, ...(hosted ? { host: hosted[1] } : {}) };
    const t = state.token(tokenOf(p, req));
    const call = calls.record({
      at: new Date(clock.now()).toISOString(),
      platform: first,
      method: req.method,
      path: req.path,
      fullPath,
      ...(req.host ? { host: req.host } : {}),
      query: req.query,
      headers: req.headers,
      body: loggedBody(req.body, contentType),
      ...(t ? { accountId: t.subjectId ?? t.accountId } : {}),
    });
    const checked = await contracts.request(req);
    const fault = faults.take({
      platform: first,
      method: req.method,
      path: req.path,
      fullPath,
      ...(call.accountId ? { accountId: call.accountId } : {}),
    });
    if (fault) {
      call.faultId = fault.id;
      if (fault.delayMs) await sleep(fault.delayMs, closing.signal);
      if (fault.timeout) {
        contracts.answer(req, checked, undefined);
        return; // hang: never answer; close() destroys the socket
      }
      if (!fault.dropAfterCommit && (fault.unauthorized || fault.rateLimit || fault.status !== undefined)) {
        contracts.answer(req, checked, undefined);
        const answer = faultAnswer(p, fault, call.accountId, req);
        calls.answered(call, answer.status);
        send(res, answer);
        return;
      }
    }
    const route = byName.get(first)!.router.match(req.method, req.path);
    let answer: SimResponse;
    if (route === undefined) {
      answer = json(404, {
        error: 'not_found',
        message: `The simulator has no ${req.method} ${req.path} on ${first}`,
      });
    } else if (route === 'methodMismatch') {
      answer = json(405, {
        error: 'method_not_allowed',
        message: `${req.method} not allowed on ${req.path}`,
      });
    } else {
      req.params = route.params;
      const check = route.options.auth ? checkToken(first, tokenOf(p, req)) : undefined;
      if (check && !check.ok) answer = p.unauthorized(check.problem, req);
      else {
        if (check?.ok) {
          req.auth = {
            token: check.token,
            account: check.account,
            ...(check.token.subjectId ? { pageId: check.token.subjectId } : {}),
          };
        }
        try {
          answer = await route.handler(req);
        } catch (err) {
          process.stderr.write(`simulator: ${req.method} ${fullPath} failed: ${(err as Error).stack}\n`);
          answer = json(500, { error: 'simulator_error', message: (err as Error).message });
        }
      }
    }
    contracts.answer(req, checked, answer);
    if (fault?.dropAfterCommit) {
      if (fault.dropAfterCommit === 'hang') return; // committed; close() destroys the socket
      if (fault.dropAfterCommit === 'status') {
        const a = faultAnswer(p, fault, call.accountId, req);
        calls.answered(call, a.status);
        send(res, a);
      } else {
        raw.socket.destroy();
      }
      return;
    }
    calls.answered(call, answer.status);
    send(res, answer);
  };

  const server = createServer((raw, res) => {
    handle(raw, res)
      .catch((err: unknown) => {
        process.stderr.write(`simulator: ${(err as Error).stack}\n`);
        send(res, json(500, { error: 'simulator_error' }));
      })
      // Reads change nothing worth keeping (an authorization code lives seconds).
      .finally(() => {
        if (saver && raw.method !== 'GET' && raw.method !== 'HEAD') saver.changed();
      });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return sim;
};

/**
 * Starts a simulator on 127.0.0.1 and a free port: the form tests use, so the
 * contract check is on unless a test turns it off, and `close()` fails with every
 * departure from a platform's description that the test did not declare
 * (`sim.contracts.expect`). Sandbox mode and the standalone simulator use
 * `createSimulator`, which never checks.
 */
export const startSimulator = async (options: SimulatorOptions = {}): Promise<Simulator> => {
  const sim = await createSimulator({ ...options, contracts: options.contracts ?? true });
  if (!sim.contracts.enabled) return sim;
  const close = sim.close;
  sim.close = async () => {
    await close();
    sim.contracts.assertNone();
  };
  return sim;
};
