/**
 * A strict real authorization server for tests: oidc-provider on loopback, set up
 * as X's OAuth 2.0 (its authorize and token paths, client_secret_basic, PKCE S256
 * required, rotating refresh tokens) plus `GET /2/users/me` answering for a valid
 * access token. The consent page approves at once. It counts token requests.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcPeer {
  url: string;
  clientId: string;
  clientSecret: string;
  tokenRequests: () => number;
  /** Whether an access token is still accepted. */
  accessTokenValid(token: string): Promise<boolean>;
  close(): Promise<void>;
}

const SCOPES = [
  'openid',
  'offline_access',
  'tweet.read',
  'tweet.write',
  'users.read',
  'offline.access',
  'media.write',
];

export async function startOidcPeer(redirectUri: string): Promise<OidcPeer> {
  const server: Server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'peer-client';
  const clientSecret = 'peer-client-secret-0123456789';
  const provider = new Provider(url, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        scope: SCOPES.join(' '),
      },
    ],
    scopes: SCOPES,
    pkce: { required: () => true },
    issueRefreshToken: () => true,
    rotateRefreshToken: () => true,
    routes: {
      authorization: '/i/oauth2/authorize',
      token: '/2/oauth2/token',
      revocation: '/2/oauth2/revoke',
    },
    features: { devInteractions: { enabled: false }, revocation: { enabled: true } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => ({ sub: id }) }),
    cookies: { keys: ['peer-cookie-key'] },
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          alg: 'RS256',
          use: 'sig',
        },
      ],
    },
  });
  let tokenRequests = 0;
  const callback = provider.callback();

  async function approve(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: 'peer-user-1' } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new provider.Grant({
      accountId: details.session.accountId,
      clientId: details.params.client_id,
    });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  async function usersMe(req: IncomingMessage, res: ServerResponse) {
    const value = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const token = value ? await provider.AccessToken.find(value) : undefined;
    res.setHeader('content-type', 'application/json');
    if (!token || token.isExpired) {
      res.statusCode = 401;
      res.end(
        JSON.stringify({ title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' }),
      );
      return;
    }
    res.end(JSON.stringify({ data: { id: token.accountId, username: 'peer_user', name: 'Peer User' } }));
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path.startsWith('/interaction/')) {
      approve(req, res).catch((err: Error) => {
        res.statusCode = 500;
        res.end(err.message);
      });
      return;
    }
    if (path === '/2/users/me') {
      void usersMe(req, res);
      return;
    }
    if (path === '/2/oauth2/token') tokenRequests++;
    callback(req, res);
  });

  return {
    url,
    clientId,
    clientSecret,
    tokenRequests: () => tokenRequests,
    async accessTokenValid(value) {
      const token = await provider.AccessToken.find(value);
      return Boolean(token && !token.isExpired);
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A browser with a cookie jar: follows redirects by hand until one leaves `origin`. */
export async function browseUntilLeaving(start: string, origin: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = start;
  for (let i = 0; i < 10; i++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const eq = (pair ?? '').indexOf('=');
      if (eq > 0) jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
    const body = await res.text();
    const location = res.headers.get('location');
    if (!location) throw new Error(`no redirect from ${url} (${res.status}): ${body.slice(0, 300)}`);
    const next = new URL(location, url).toString();
    if (!next.startsWith(origin)) return next;
    url = next;
  }
  throw new Error('too many redirects');
}
