/**
 * The safe outbound HTTP client for user-supplied URLs (webhook endpoints, media
 * URLs). It refuses private, loopback, link-local, metadata and other non-public
 * addresses unless OUTBOUND_ALLOWLIST names the host or a CIDR containing the
 * address; the check runs on every address DNS returns, at connect time (so a
 * name that re-resolves to a private address is caught), and again for every
 * redirect hop. Bodies are size-limited and every request has a timeout.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Agent, Dispatcher } from 'undici';
import { hasBadPort } from './bad-ports.ts';
import { deadline } from './deadline.ts';
import { undici } from './undici.ts';

export class OutboundError extends Error {
  override name = 'OutboundError';
  /** `blocked` address, `invalid` URL, `too_large` body, `timeout`, `redirect` refused or too many, `network` failure. */
  readonly reason: 'blocked' | 'invalid' | 'too_large' | 'timeout' | 'redirect' | 'network';
  constructor(reason: OutboundError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

interface Allowlist {
  hosts: Set<string>;
  ranges: Range[];
}

/**
 * Said with every refusal of a non-public address, so whoever runs the service on a
 * laptop or a private network knows which setting opens it (for them alone to decide).
 */
export const ALLOW_HINT =
  ' (the service allows such addresses only when its OUTBOUND_ALLOWLIST setting names them)';

/** Parses OUTBOUND_ALLOWLIST entries: host names, IP addresses or CIDRs. */
export function parseAllowlist(entries: readonly string[]): Allowlist {
  const hosts = new Set<string>();
  const ranges: Range[] = [];
  for (const raw of entries) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, '');
    if (!entry) continue;
    if (entry.includes('/') && isIP(entry.split('/')[0] ?? '')) ranges.push(ipaddr.parseCIDR(entry));
    else if (isIP(entry)) {
      const addr = ipaddr.parse(entry);
      ranges.push([addr, addr.kind() === 'ipv4' ? 32 : 128]);
    } else hosts.add(entry);
  }
  return { hosts, ranges };
}

const cidrs = (list: string[]): Range[] => list.map((c) => ipaddr.parseCIDR(c));

/** IPv6 global unicast (RFC 4291): everything outside it (IPv4-compatible ::/96, ULA, link-local, ...) is non-public. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Blocks inside 2000::/3 that are not globally reachable or that carry an IPv4
 * address (which may be private) inside them: IETF protocol assignments (Teredo,
 * benchmarking, ORCHID), documentation, 6to4. NAT64 (64:ff9b::/96, 64:ff9b:1::/48)
 * lies outside 2000::/3 and is refused by the rule above.
 */
const NON_GLOBAL_V6 = cidrs(['2001::/23', '2001:db8::/32', '2002::/16', '3fff::/20']);

/** The address as a connection would see it: IPv4-mapped IPv6 (::ffff:a.b.c.d) is the IPv4 address. */
function effective(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const addr = ipaddr.parse(address);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    return (addr as ipaddr.IPv6).toIPv4Address();
  return addr;
}

const within = (addr: ipaddr.IPv4 | ipaddr.IPv6, ranges: Range[]) =>
  ranges.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits));

/**
 * True only for global unicast addresses. Anything else is non-public: private,
 * loopback, link-local, unique-local, carrier-grade NAT, multicast, broadcast,
 * unspecified, documentation, benchmarking, reserved, deprecated forms
 * (IPv4-compatible `::a.b.c.d`, site-local), and the transition prefixes that
 * embed an IPv4 address (NAT64, 6to4, Teredo). Every notation ipaddr.js reads
 * (decimal, hex, octal, short IPv4) is judged by the address it stands for.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const addr = effective(address);
  if (addr.range() !== 'unicast') return false;
  // For IPv4 ipaddr.js names every special-purpose block (RFC 6890), so `unicast` is global.
  if (addr.kind() === 'ipv4') return true;
  return addr.match(GLOBAL_UNICAST_V6) && !within(addr, NON_GLOBAL_V6);
}

/** Names that always mean this machine, whatever DNS says: `localhost`, `*.localhost`, with or without the final dot. */
const LOCAL_NAME = /(^|\.)localhost\.?$/i;

/** True when a host name (not an address) always means this machine (RFC 6761). */
export const isLocalName = (host: string): boolean => LOCAL_NAME.test(host);

function inAllowlist(address: string, allow: Allowlist): boolean {
  if (!ipaddr.isValid(address)) return false;
  return within(effective(address), allow.ranges);
}

/** Whether a request to `host` resolving to `address` may go out. */
export function mayConnect(host: string, address: string, allow: Allowlist): boolean {
  return allow.hosts.has(host.toLowerCase()) || inAllowlist(address, allow) || isPublicAddress(address);
}

interface OutboundOptions {
  allowlist: readonly string[];
  /** Whole-request timeout (headers and body). */
  timeoutMs?: number;
}

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** `follow` (checked hops, at most maxRedirects) or `refuse` (webhooks: a 3xx is the answer). */
  redirects?: 'follow' | 'refuse';
  maxRedirects?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** A request whose answer counts only by its status (webhook deliveries). */
export interface OutboundStatusRequest {
  method: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
  /** The timeout does not count time this process was held up (DeadlineOptions.excludeOwnDelays). */
  excludeOwnDelays?: boolean;
  signal?: AbortSignal;
  /** Read at most this much of the answer (the connection is then reused); a longer one drops the connection. */
  maxAnswerBytes: number;
}

export interface OutboundClient {
  /** Sends a request; the caller reads (or cancels) the body. Throws OutboundError. */
  request(url: string, init?: OutboundRequest): Promise<Response>;
  /**
   * Sends a request and returns the answer's HTTP status once its body was read
   * (up to maxAnswerBytes) or dropped. A redirect is never followed: a 3xx is the
   * answer. The same address checks and whole-request timeout as `request`, through
   * undici's plain request API: a fraction of fetch's cost per request, which
   * counts when a worker sends thousands of webhooks a second. Throws OutboundError.
   */
  requestStatus(url: string, init: OutboundStatusRequest): Promise<number>;
  /**
   * For a URL that came from outside but is sent by another HTTP client (a
   * platform's upload URL, sent by platformCall, which follows no redirects):
   * checks it as `request` does and answers the dispatcher whose connections
   * refuse addresses OUTBOUND_ALLOWLIST does not allow. Throws OutboundError.
   */
  dispatcherFor(url: string): Dispatcher;
  close(): Promise<void>;
}

export function createOutboundClient(options: OutboundOptions): OutboundClient {
  const allow = parseAllowlist(options.allowlist);
  const defaultTimeout = options.timeoutMs ?? 30_000;
  // The connection pool, made on the first request (with undici itself): see undici.ts.
  let pool: Agent | null = null;
  const agent = (): Agent => {
    pool ??= makeAgent();
    return pool;
  };
  const makeAgent = (): Agent =>
    new (undici().Agent)({
      connect: {
        // Checked at connect time for names; literal addresses are checked before the request.
        lookup: (hostname, opts, callback) => {
          dnsLookup(hostname, { ...opts, all: true }, (err, addresses) => {
            if (err) return callback(err, '', 0);
            const list = addresses as LookupAddress[];
            const bad = list.find((a) => !mayConnect(hostname, a.address, allow));
            if (bad) {
              return callback(
                new OutboundError('blocked', `${hostname} resolves to a non-public address${ALLOW_HINT}`),
                '',
                0,
              );
            }
            if ((opts as { all?: boolean }).all)
              return (callback as (e: null, a: LookupAddress[]) => void)(null, list);
            const first = list[0];
            return first
              ? callback(null, first.address, first.family)
              : callback(new Error('no address'), '', 0);
          });
        },
      },
    });

  function check(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new OutboundError('invalid', 'URL is malformed');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new OutboundError('invalid', 'URL must use http or https');
    if (url.username || url.password) throw new OutboundError('invalid', 'URL must not contain credentials');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !mayConnect(host, host, allow)) {
      throw new OutboundError('blocked', `${host} is not a public address${ALLOW_HINT}`);
    }
    // Some resolvers send `*.localhost` to DNS instead of this machine; refuse the name itself.
    if (!isIP(host) && isLocalName(host) && !allow.hosts.has(host.toLowerCase())) {
      throw new OutboundError('blocked', `${host} names this machine${ALLOW_HINT}`);
    }
    return url;
  }

  return {
    async request(raw, init = {}) {
      // The HTTP client and its pool are made (on the first request) before the request's time starts.
      agent();
      const timeoutMs = init.timeoutMs ?? defaultTimeout;
      const signal = init.signal
        ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)])
        : AbortSignal.timeout(timeoutMs);
      let url = check(raw);
      const maxRedirects = init.redirects === 'refuse' ? 0 : (init.maxRedirects ?? 5);
      let method = init.method ?? 'GET';
      let body = init.body;
      for (let hop = 0; ; hop++) {
        let res: Response;
        try {
          res = (await undici().fetch(url, {
            method,
            headers: init.headers,
            body,
            redirect: 'manual',
            signal,
            dispatcher: agent() as Dispatcher,
          })) as unknown as Response;
        } catch (err) {
          throw toOutboundError(err, signal);
        }
        const location = res.headers.get('location');
        if (res.status < 300 || res.status >= 400 || !location || init.redirects === 'refuse') return res;
        await res.body?.cancel();
        if (hop >= maxRedirects) throw new OutboundError('redirect', `more than ${maxRedirects} redirects`);
        url = check(new URL(location, url).toString());
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
      }
    },
    async requestStatus(raw, init) {
      const url = check(raw);
      // As fetch (and so `request`) answers it.
      if (hasBadPort(url)) throw new OutboundError('network', 'bad port');
      agent();
      // A timer cleared when the request ends (AbortSignal.timeout's would live on for the full time,
      // with everything it holds, for each of thousands of requests a second).
      const cut = deadline(init.timeoutMs ?? defaultTimeout, init.signal, {
        excludeOwnDelays: init.excludeOwnDelays === true,
      });
      try {
        const res = await agent().request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: init.method as Dispatcher.HttpMethod,
          headers: init.headers,
          body: init.body,
          signal: cut.signal,
        });
        // The body is not used; reading it (a little) lets the connection be reused.
        await res.body.dump({ limit: init.maxAnswerBytes, signal: cut.signal }).catch(() => undefined);
        return res.statusCode;
      } catch (err) {
        throw toOutboundError(err, cut.signal);
      } finally {
        cut.clear();
      }
    },
    dispatcherFor(raw) {
      const url = check(raw);
      if (hasBadPort(url)) throw new OutboundError('network', 'bad port');
      return agent() as Dispatcher;
    },
    close: async () => {
      await pool?.close();
    },
  };
}

/**
 * Where calls to URLs a platform answered with go (PublishContext.platformUrls):
 * the platform's own configured hosts as any platform call; any other address
 * through the outbound client (undefined: the platform's own host).
 */
export interface PlatformUrlGuard {
  dispatcherFor(url: string): Dispatcher | undefined;
}

/** A guard that trusts the origins of the platform's configured base URLs and filters every other one. */
export function platformUrlGuard(
  outbound: OutboundClient,
  trustedBaseUrls: readonly string[],
): PlatformUrlGuard {
  const trusted = new Set(
    trustedBaseUrls.flatMap((u) => {
      try {
        return [new URL(u).origin];
      } catch {
        return [];
      }
    }),
  );
  return {
    dispatcherFor(raw) {
      let origin: string | null = null;
      try {
        origin = new URL(raw).origin;
      } catch {
        // Malformed: the outbound client's check says so.
      }
      return origin && trusted.has(origin) ? undefined : outbound.dispatcherFor(raw);
    },
  };
}

function toOutboundError(err: unknown, signal: AbortSignal): OutboundError {
  if (err instanceof OutboundError) return err;
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof OutboundError) return cause;
  if (signal.aborted) return new OutboundError('timeout', 'the request timed out');
  const message = (cause as Error | undefined)?.message ?? (err as Error).message ?? 'request failed';
  return new OutboundError('network', message);
}

/**
 * Reads a body up to `maxBytes`; more is an OutboundError('too_large') and the
 * rest of the body is not downloaded.
 */
export async function readLimited(res: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new OutboundError('too_large', `body is ${declared} bytes, more than the limit of ${maxBytes}`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  if (!res.body) return Buffer.alloc(0);
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      await res.body.cancel().catch(() => {});
      throw new OutboundError('too_large', `body is larger than the limit of ${maxBytes} bytes`);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
