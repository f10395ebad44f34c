/**
 * The control API under `/_sim/`, so `npm run simulator` users and other processes
 * (chaos tests spawn workers) can drive the simulator over HTTP. Requests here are
 * not recorded and never faulted. See README.md for the list.
 */
import { isPlatform, type Platform } from '../../facts/platforms.ts';
import { addComment } from '../platforms/_shared/meta-comments.ts';
import { metaWebhookSubscription, subscribeMetaWebhooks } from '../platforms/_shared/meta-webhooks.ts';
import { addIncomingMessage } from '../platforms/instagram/inbox.ts';
import type { CallFilter } from './calls.ts';
import type { FaultRule } from './faults.ts';
import { bodyObject, json, type SimRequest, type SimResponse } from './http.ts';
import { SimRouter } from './router.ts';
import type { Simulator } from './simulator-api.ts';
import type { TokenFilter } from './state.ts';
import type { SimAccount, TokenPolicy } from './types.ts';

const bad = (message: string): SimResponse => json(400, { error: 'invalid', message });

const platformOf = (v: unknown): Platform | undefined => (isPlatform(v) ? v : undefined);

const regexOf = (v: unknown): RegExp | undefined => (typeof v === 'string' && v ? new RegExp(v) : undefined);

const tokenFilter = (b: Record<string, unknown>): TokenFilter => ({
  ...(platformOf(b['platform']) ? { platform: platformOf(b['platform'])! } : {}),
  ...(typeof b['account'] === 'string' ? { account: b['account'] } : {}),
  ...(b['kind'] === 'access' || b['kind'] === 'refresh' || b['kind'] === 'page' ? { kind: b['kind'] } : {}),
});

const routes = (sim: Simulator): SimRouter => {
  const r = new SimRouter();
  r.get('/_sim', () =>
    json(200, {
      url: sim.url,
      platforms: sim.platforms.map((p) => ({ name: p.name, baseUrl: sim.baseUrl(p.name), hosts: p.hosts })),
    }),
  );
  r.post('/_sim/reset', () => {
    sim.reset();
    return json(200, { ok: true });
  });

  r.get('/_sim/accounts', (req) => {
    const p = platformOf(req.query['platform']);
    const list = p ? sim.state.accountsOf(p) : sim.platforms.flatMap((x) => sim.state.accountsOf(x.name));
    return json(200, { accounts: list });
  });
  r.post('/_sim/accounts', (req) => {
    const b = bodyObject(req);
    const p = platformOf(b['platform']);
    if (!p) return bad('platform: one of the ten platform names');
    if (typeof b['id'] !== 'string') return bad('id: string required');
    const { platform: _p, ...rest } = b;
    return json(201, { account: sim.addAccount(p, rest as Partial<SimAccount> & { id: string }) });
  });
  r.post('/_sim/apps', (req) => {
    const b = bodyObject(req);
    const p = platformOf(b['platform']);
    if (!p) return bad('platform: one of the ten platform names');
    if (typeof b['clientId'] !== 'string' || typeof b['clientSecret'] !== 'string') {
      return bad('clientId and clientSecret: strings required');
    }
    const redirectUris = Array.isArray(b['redirectUris']) ? (b['redirectUris'] as string[]) : null;
    return json(201, {
      app: sim.addApp(p, {
        clientId: b['clientId'],
        clientSecret: b['clientSecret'],
        redirectUris,
        ...(typeof b['name'] === 'string' ? { name: b['name'] } : {}),
        ...(b['refuse'] === true ? { refuse: true } : {}),
      }),
    });
  });
  r.post('/_sim/authorize-as', (req) => {
    const b = bodyObject(req);
    const p = platformOf(b['platform']);
    if (!p || typeof b['accountId'] !== 'string' || !sim.state.account(p, b['accountId'])) {
      return bad('platform and accountId of an existing account required');
    }
    sim.state.setAuthorizeAs(p, b['accountId']);
    return json(200, { ok: true });
  });
  r.post('/_sim/policy', (req) => {
    const b = bodyObject(req);
    const p = platformOf(b['platform']);
    if (!p) return bad('platform: one of the ten platform names');
    const { platform: _p, ...change } = b;
    return json(200, { policy: sim.state.setPolicy(p, change as Partial<TokenPolicy>) });
  });

  r.get('/_sim/faults', () => json(200, { faults: sim.faults.list().map(serializableRule) }));
  r.post('/_sim/faults', (req) => {
    const b = bodyObject(req);
    const { pathRegex, ...rest } = b;
    const rule = { ...rest, ...(regexOf(pathRegex) ? { path: regexOf(pathRegex) } : {}) } as FaultRule;
    if (rule.platform !== undefined && !isPlatform(rule.platform)) return bad('platform: unknown');
    return json(201, { id: sim.faults.add(rule) });
  });
  r.delete('/_sim/faults', () => {
    sim.faults.clear();
    return json(200, { ok: true });
  });
  r.delete('/_sim/faults/:id', (req) => json(200, { removed: sim.faults.remove(Number(req.params['id'])) }));

  r.get('/_sim/calls', (req) => {
    const q = req.query;
    const filter: CallFilter = {
      ...(platformOf(q['platform']) ? { platform: platformOf(q['platform'])! } : {}),
      ...(q['method'] ? { method: q['method'] } : {}),
      ...(q['path'] ? { path: q['path'] } : {}),
      ...(regexOf(q['pathRegex']) ? { path: regexOf(q['pathRegex'])! } : {}),
      ...(q['account'] ? { account: q['account'] } : {}),
      ...(q['status'] ? { status: Number(q['status']) } : {}),
    };
    const list = sim.calls.list(filter);
    return json(200, { count: list.length, calls: list });
  });
  r.delete('/_sim/calls', () => {
    sim.calls.clear();
    return json(200, { ok: true });
  });

  r.post('/_sim/tokens', (req) => {
    const b = bodyObject(req);
    const p = platformOf(b['platform']);
    if (!p) return bad('platform: one of the ten platform names');
    const accountId = typeof b['accountId'] === 'string' ? b['accountId'] : undefined;
    if (accountId !== undefined && !sim.state.account(p, accountId))
      return bad(`no ${p} account ${accountId}`);
    return json(
      201,
      sim.issueTokens(p, {
        ...(accountId ? { accountId } : {}),
        ...(typeof b['pageId'] === 'string' ? { pageId: b['pageId'] } : {}),
        ...(Array.isArray(b['scopes']) ? { scopes: b['scopes'] as string[] } : {}),
        ...(typeof b['ttlSec'] === 'number' || b['ttlSec'] === null
          ? { ttlSec: b['ttlSec'] as number | null }
          : {}),
        ...(b['refresh'] === true ? { refresh: true } : {}),
      }),
    );
  });
  r.get('/_sim/tokens', (req) => json(200, { tokens: sim.state.tokensWhere(tokenFilter(req.query)) }));
  r.post('/_sim/tokens/expire', (req) =>
    json(200, { count: sim.state.expireTokens(tokenFilter(bodyObject(req))) }),
  );
  r.post('/_sim/tokens/revoke', (req) =>
    json(200, { count: sim.state.revokeTokens(tokenFilter(bodyObject(req))) }),
  );

  r.get('/_sim/posts', (req) => {
    const p = platformOf(req.query['platform']);
    if (!p) return bad('platform query parameter required');
    const posts = sim.state.listPosts(p, {
      ...(req.query['account'] ? { account: req.query['account'] } : {}),
      ...(req.query['kind'] ? { kind: req.query['kind'] } : {}),
      includeDeleted: req.query['includeDeleted'] === 'true',
    });
    return json(200, { count: posts.length, posts });
  });

  // What other people do on the platforms: comment on the accounts' posts, write to an Instagram account.
  r.post('/_sim/comments', (req) => {
    const b = bodyObject(req);
    const p = b['platform'];
    if (p !== 'facebook' && p !== 'instagram' && p !== 'threads')
      return bad('platform: facebook, instagram or threads');
    if (typeof b['text'] !== 'string') return bad('text: string required');
    const author = b['author'] as { id?: unknown; name?: unknown } | undefined;
    try {
      const comment = addComment(sim, p, {
        text: b['text'],
        ...(typeof b['postId'] === 'string' ? { postId: b['postId'] } : {}),
        ...(typeof b['parentId'] === 'string' ? { parentId: b['parentId'] } : {}),
        ...(typeof author?.id === 'string' && typeof author.name === 'string'
          ? { author: { id: author.id, name: author.name } }
          : {}),
        ...(typeof b['likeCount'] === 'number' ? { likeCount: b['likeCount'] } : {}),
        ...(b['hidden'] === true ? { hidden: true } : {}),
      });
      return json(201, { comment });
    } catch (err) {
      return bad(`postId or parentId: ${(err as Error).message}`);
    }
  });
  r.post('/_sim/messages', (req) => {
    const b = bodyObject(req);
    const from = b['from'] as { id?: unknown; username?: unknown } | undefined;
    if (typeof b['accountId'] !== 'string' || !sim.state.account('instagram', b['accountId']))
      return bad('accountId: an Instagram account of the simulator');
    if (typeof from?.id !== 'string' || typeof from.username !== 'string' || typeof b['text'] !== 'string')
      return bad('from {id, username} and text required');
    const c = addIncomingMessage(sim, b['accountId'], {
      from: { id: from.id, username: from.username },
      text: b['text'],
    });
    return json(201, { conversationId: c.id, messageId: c.messages.at(-1)?.id });
  });

  // Meta's App Dashboard: where the Facebook, Instagram and Threads webhooks go (meta-webhooks.ts).
  r.post('/_sim/webhooks', (req) => {
    const b = bodyObject(req);
    const p = b['platform'];
    if (p !== 'facebook' && p !== 'instagram' && p !== 'threads')
      return bad('platform: facebook, instagram or threads');
    if (typeof b['callbackUrl'] !== 'string' || !URL.canParse(b['callbackUrl']))
      return bad('callbackUrl: a URL required');
    if (b['appSecret'] !== undefined && typeof b['appSecret'] !== 'string')
      return bad('appSecret: a string (default: the sandbox app secret)');
    const sub = subscribeMetaWebhooks(sim, p, {
      callbackUrl: b['callbackUrl'],
      ...(typeof b['appSecret'] === 'string' ? { appSecret: b['appSecret'] } : {}),
    });
    return json(201, { platform: p, callbackUrl: sub.callbackUrl });
  });
  r.get('/_sim/webhooks', () =>
    json(200, {
      webhooks: (['facebook', 'instagram', 'threads'] as const).flatMap((p) => {
        const sub = metaWebhookSubscription(sim, p);
        return sub ? [{ platform: p, callbackUrl: sub.callbackUrl }] : [];
      }),
    }),
  );

  r.post('/_sim/clock/advance', (req) => {
    const b = bodyObject(req);
    const ms =
      typeof b['ms'] === 'number' ? b['ms'] : typeof b['seconds'] === 'number' ? b['seconds'] * 1000 : NaN;
    if (!Number.isFinite(ms) || ms < 0) return bad('ms or seconds: a non-negative number');
    sim.clock.advance(ms);
    return json(200, { now: new Date(sim.clock.now()).toISOString() });
  });
  return r;
};

const serializableRule = (r: FaultRule & { id: number; hits: number }) => ({
  ...r,
  ...(r.path instanceof RegExp ? { path: undefined, pathRegex: r.path.source } : {}),
});

const cache = new WeakMap<Simulator, SimRouter>();

export const handleControl = async (sim: Simulator, req: SimRequest): Promise<SimResponse> => {
  let r = cache.get(sim);
  if (!r) {
    r = routes(sim);
    cache.set(sim, r);
  }
  const m = r.match(req.method, req.path);
  if (m === undefined)
    return json(404, { error: 'not_found', message: `No control route ${req.method} ${req.path}` });
  if (m === 'methodMismatch') return json(405, { error: 'method_not_allowed' });
  return m.handler({ ...req, params: m.params });
};
