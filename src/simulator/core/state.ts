/**
 * The simulator's memory: apps, users, authorization codes, tokens, posts and any
 * other objects platform modules keep (media uploads, containers...). All in memory;
 * `reset()` brings back the seed.
 */
import type { Platform } from '../../facts/platforms.ts';
import { sandboxApp } from '../../facts/sandbox-app.ts';
import type { SimClock } from './clock.ts';
import { randomToken } from './ids.ts';
import type { PlatformProfile } from './profile.ts';
import type { PostFilter, SimAccount, SimApp, SimCode, SimPost, SimToken, TokenPolicy } from './types.ts';

export interface TokenFilter {
  platform?: Platform;
  account?: string;
  kind?: SimToken['kind'];
  clientId?: string;
}

/** The client id and secret of the app every platform has from the start (the service's sandbox app). */
export const defaultClient = sandboxApp;

export class SimState {
  readonly apps = new Map<string, SimApp>();
  readonly accounts = new Map<Platform, Map<string, SimAccount>>();
  readonly tokens = new Map<string, SimToken>();
  readonly codes = new Map<string, SimCode>();
  readonly posts = new Map<Platform, Map<string, SimPost>>();
  /** The same posts by platform and account, in creation order: per-account checks (X's duplicate rule) stay cheap with many posts. */
  private readonly postsByAccount = new Map<string, SimPost[]>();
  private readonly collections = new Map<string, Map<string, unknown>>();
  readonly policies = new Map<Platform, TokenPolicy>();
  private readonly authorizeAs = new Map<Platform, string>();

  private readonly profiles: readonly PlatformProfile[];
  private readonly clock: SimClock;

  constructor(profiles: readonly PlatformProfile[], clock: SimClock) {
    this.profiles = profiles;
    this.clock = clock;
    this.seed();
  }

  /** Forgets everything and seeds again (default apps, default users, doc token policies). */
  reset(): void {
    this.apps.clear();
    this.accounts.clear();
    this.tokens.clear();
    this.codes.clear();
    this.posts.clear();
    this.postsByAccount.clear();
    this.collections.clear();
    this.policies.clear();
    this.authorizeAs.clear();
    this.seed();
  }

  private seed(): void {
    for (const p of this.profiles) {
      this.policies.set(p.name, { ...p.tokenPolicy });
      const { clientId, clientSecret } = defaultClient(p.name);
      this.addApp(p.name, { clientId, clientSecret, redirectUris: null, name: `Sim ${p.title} app` });
      for (const a of p.seedAccounts()) this.addAccount(p.name, a);
      for (const t of p.seedTokens?.() ?? [])
        this.issueToken({
          platform: p.name,
          kind: 'access',
          clientId,
          accountId: t.accountId,
          scopes: [],
          expiresAt: null,
          grantId: `seed-${t.value}`,
          value: t.value,
        });
    }
  }

  // ---- token policies -------------------------------------------------------------

  policy(platform: Platform): TokenPolicy {
    const p = this.policies.get(platform);
    if (!p) throw new Error(`unknown platform ${platform}`);
    return p;
  }

  /** Changes a platform's token rules (e.g. `{ accessTtlSec: 5 }` for an expiry test). */
  setPolicy(platform: Platform, change: Partial<TokenPolicy>): TokenPolicy {
    const next = { ...this.policy(platform), ...change };
    this.policies.set(platform, next);
    return next;
  }

  // ---- apps ---------------------------------------------------------------------

  addApp(
    platform: Platform,
    app: Partial<Omit<SimApp, 'platform'>> & { clientId: string; clientSecret: string },
  ): SimApp {
    const full: SimApp = {
      platform,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      redirectUris: app.redirectUris ?? null,
      name: app.name ?? app.clientId,
      ...(app.refuse ? { refuse: true } : {}),
    };
    this.apps.set(`${platform}:${app.clientId}`, full);
    return full;
  }

  app(platform: Platform, clientId: string | undefined): SimApp | undefined {
    return clientId === undefined ? undefined : this.apps.get(`${platform}:${clientId}`);
  }

  // ---- accounts -----------------------------------------------------------------

  /** Adds (or replaces, same id) a user. The first user of a platform is its default account. */
  addAccount(platform: Platform, account: Omit<SimAccount, 'platform'> | SimAccount): SimAccount {
    const full: SimAccount = { ...account, platform };
    let m = this.accounts.get(platform);
    if (!m) {
      m = new Map();
      this.accounts.set(platform, m);
    }
    m.set(full.id, full);
    return full;
  }

  account(platform: Platform, id: string | undefined): SimAccount | undefined {
    return id === undefined ? undefined : this.accounts.get(platform)?.get(id);
  }

  accountsOf(platform: Platform): SimAccount[] {
    return [...(this.accounts.get(platform)?.values() ?? [])];
  }

  defaultAccount(platform: Platform): SimAccount {
    const first = this.accountsOf(platform)[0];
    if (!first) throw new Error(`no account on ${platform}`);
    return first;
  }

  /** The user the authorize page logs in as (until changed: the default account). */
  setAuthorizeAs(platform: Platform, accountId: string): void {
    this.authorizeAs.set(platform, accountId);
  }

  authorizingAccount(platform: Platform): SimAccount {
    return this.account(platform, this.authorizeAs.get(platform)) ?? this.defaultAccount(platform);
  }

  // ---- codes --------------------------------------------------------------------

  issueCode(c: Omit<SimCode, 'value' | 'used' | 'expiresAt'>): SimCode {
    const code: SimCode = {
      ...c,
      value: randomToken('code_', 18),
      used: false,
      expiresAt: this.clock.now() + this.policy(c.platform).codeTtlSec * 1000,
    };
    this.codes.set(code.value, code);
    return code;
  }

  // ---- tokens -------------------------------------------------------------------

  issueToken(t: Omit<SimToken, 'value' | 'issuedAt' | 'revoked'> & { value?: string }): SimToken {
    const issuedAt = this.clock.now();
    const format = this.profiles.find((p) => p.name === t.platform)?.tokenValue;
    const value =
      t.value ??
      (format
        ? format({ kind: t.kind, accountId: t.accountId, issuedAt, expiresAt: t.expiresAt })
        : randomToken(t.kind === 'refresh' ? `${t.platform}_rt_` : `${t.platform}_at_`));
    const token: SimToken = { ...t, value, issuedAt, revoked: false };
    this.tokens.set(token.value, token);
    return token;
  }

  token(value: string | undefined): SimToken | undefined {
    return value === undefined ? undefined : this.tokens.get(value);
  }

  tokensWhere(filter: TokenFilter = {}): SimToken[] {
    return [...this.tokens.values()].filter(
      (t) =>
        (filter.platform === undefined || t.platform === filter.platform) &&
        (filter.account === undefined || t.accountId === filter.account || t.subjectId === filter.account) &&
        (filter.kind === undefined || t.kind === filter.kind) &&
        (filter.clientId === undefined || t.clientId === filter.clientId),
    );
  }

  /** Makes matching access and Page tokens expired now (refresh tokens untouched). Returns how many. */
  expireTokens(filter: TokenFilter = {}): number {
    const now = this.clock.now();
    const hit = this.tokensWhere(filter).filter((t) => (filter.kind ? true : t.kind !== 'refresh'));
    for (const t of hit) t.expiresAt = now - 1000;
    return hit.length;
  }

  /** Revokes matching tokens (refresh tokens too unless `kind` says otherwise), as a user removing the app. */
  revokeTokens(filter: TokenFilter = {}): number {
    const hit = this.tokensWhere(filter);
    for (const t of hit) t.revoked = true;
    return hit.length;
  }

  revokeGrant(grantId: string): void {
    for (const t of this.tokens.values()) if (t.grantId === grantId) t.revoked = true;
  }

  // ---- posts and other objects --------------------------------------------------

  private postMap(platform: Platform): Map<string, SimPost> {
    let m = this.posts.get(platform);
    if (!m) {
      m = new Map();
      this.posts.set(platform, m);
    }
    return m;
  }

  createPost(
    platform: Platform,
    accountId: string,
    data: Record<string, unknown>,
    opts: { id: string; kind?: string },
  ): SimPost {
    const post: SimPost = {
      id: opts.id,
      platform,
      accountId,
      kind: opts.kind ?? 'post',
      createdAt: new Date(this.clock.now()).toISOString(),
      data,
      deleted: false,
    };
    const all = this.postMap(platform);
    const replaced = all.get(post.id);
    if (replaced) {
      const list = this.postsByAccount.get(accountKey(platform, replaced.accountId)) ?? [];
      list.splice(list.indexOf(replaced), 1);
    }
    all.set(post.id, post);
    const key = accountKey(platform, accountId);
    const list = this.postsByAccount.get(key);
    if (list) list.push(post);
    else this.postsByAccount.set(key, [post]);
    return post;
  }

  getPost(platform: Platform, id: string): SimPost | undefined {
    return this.posts.get(platform)?.get(id);
  }

  listPosts(platform: Platform, filter: PostFilter = {}): SimPost[] {
    const candidates =
      filter.account === undefined
        ? [...(this.posts.get(platform)?.values() ?? [])]
        : (this.postsByAccount.get(accountKey(platform, filter.account)) ?? []);
    return candidates.filter(
      (p) =>
        (filter.includeDeleted || !p.deleted) &&
        (filter.account === undefined || p.accountId === filter.account) &&
        (filter.kind === undefined || p.kind === filter.kind) &&
        (filter.where === undefined || filter.where(p)),
    );
  }

  countPosts(platform: Platform, filter: PostFilter = {}): number {
    return this.listPosts(platform, filter).length;
  }

  deletePost(platform: Platform, id: string): boolean {
    const p = this.getPost(platform, id);
    if (!p || p.deleted) return false;
    p.deleted = true;
    return true;
  }

  /** A named map for anything else a module keeps (media uploads, containers, sessions). */
  collection<T>(platform: Platform, name: string): Map<string, T> {
    const key = `${platform}:${name}`;
    let m = this.collections.get(key);
    if (!m) {
      m = new Map<string, unknown>();
      this.collections.set(key, m);
    }
    return m as Map<string, T>;
  }
}

const accountKey = (platform: Platform, accountId: string) => `${platform}\n${accountId}`;
