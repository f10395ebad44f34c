/**
 * The account choice page at /connect/choose/{platform}/{token} (see
 * src/domain/connect/hosted-choice.ts): without `headless`, the OAuth callback
 * sends the person here when the platform offered several accounts; they choose,
 * and are sent on to the flow's redirectUri with the chosen integrationId(s).
 * Server-rendered, no script, the hosted connect page's look and security headers;
 * the token in the address works only with the cookie the callback set in the
 * same browser.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { connectedRedirect } from '../../domain/connect/callback.ts';
import { browserKeyOf, choiceCookie, choicePath } from '../../domain/connect/hosted-choice.ts';
import { cancelHostedSelection, readHostedSelection, saveSelection } from '../../domain/connect/selection.ts';
import { AppError } from '../../errors.ts';
import { authFor } from '../../platforms/auth-registry.ts';
import { isPlatform, type Platform } from '../../platforms/names.ts';
import { PAGE_HEADERS, pagePolicy } from '../dashboard.ts';
import { choicePage, failurePage, type Notice } from './render.ts';

/** The form holds a few account ids. */
const FORM_LIMIT_BYTES = 16 * 1024;

const GONE =
  'This choice is no longer open: it was already made, it expired, or it was started in another browser. Start connecting again from the app that sent you here.';

interface Params {
  platform: string;
  token: string;
}

const originsOf = (urls: string[]) => [...new Set(urls.map((u) => new URL(u).origin))].join(' ');

export async function installChoicePage(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const html = (reply: FastifyReply, status: number, body: string, formTargets = '') =>
    reply
      .headers({
        ...PAGE_HEADERS,
        // The form ends at the client's redirectUri: browsers check form-action on that redirect too.
        'content-security-policy': pagePolicy(formTargets ? `'self' ${formTargets}` : "'self'"),
        'cache-control': 'no-store',
      })
      .status(status)
      .type('text/html; charset=utf-8')
      .send(body);

  /** The platform of the address when it is one with a choice, else null (the page says the link is not valid). */
  const platformOf = (request: FastifyRequest): Platform | null => {
    const { platform } = request.params as Params;
    if (!isPlatform(platform)) return null;
    const auth = authFor(platform);
    return auth.method === 'oauth2' && auth.selection === 'choose' ? platform : null;
  };

  const show = async (
    request: FastifyRequest,
    reply: FastifyReply,
    platform: Platform,
    status: number,
    notice: Notice | null,
  ) => {
    const { token } = request.params as Params;
    const key = browserKeyOf(request.headers.cookie);
    const offer = key ? await readHostedSelection(ctx, platform, token, key).catch(() => null) : null;
    if (!offer) return html(reply, 410, failurePage(GONE));
    const path = choicePath(platform, token);
    return html(
      reply,
      status,
      choicePage({
        branding: null,
        action: path,
        hidden: {},
        cancel: { kind: 'form', action: `${path}/cancel` },
        platform,
        accounts: offer.accounts,
        notice,
      }),
      originsOf(offer.targets),
    );
  };

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
      (_request, body, done) => done(null, new URLSearchParams(String(body))),
    );
    const form = (request: FastifyRequest) =>
      request.body instanceof URLSearchParams ? request.body : new URLSearchParams();

    scope.get('/connect/choose/:platform/:token', { schema: { hide: true } }, async (request, reply) => {
      const platform = platformOf(request);
      if (!platform) return html(reply, 404, failurePage(GONE));
      return show(request, reply, platform, 200, null);
    });

    scope.post('/connect/choose/:platform/:token', { schema: { hide: true } }, async (request, reply) => {
      const platform = platformOf(request);
      if (!platform) return html(reply, 404, failurePage(GONE));
      const { token } = request.params as Params;
      const key = browserKeyOf(request.headers.cookie);
      const selected = form(request)
        .getAll('selected')
        .filter((id) => id && id.length <= 200);
      if (!key) return html(reply, 410, failurePage(GONE));
      if (selected.length === 0)
        return show(request, reply, platform, 400, {
          kind: 'error',
          text: 'Choose at least one to connect.',
        });
      let saved: Awaited<ReturnType<typeof saveSelection>>;
      try {
        saved = await saveSelection(ctx, null, platform, token, selected, undefined, key);
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        if (err.status === 404) return html(reply, 410, failurePage(GONE));
        return show(request, reply, platform, err.status, { kind: 'error', text: err.message });
      }
      // A hosted choice always has a redirectUri (the callback offers one only then).
      const location = connectedRedirect(
        saved.redirectUri ?? '',
        platform,
        saved.integrations.map((i) => i.id),
      );
      return reply
        .header('set-cookie', choiceCookie(ctx, choicePath(platform, token), null))
        .header('cache-control', 'no-store')
        .redirect(location, 303);
    });

    scope.post(
      '/connect/choose/:platform/:token/cancel',
      { schema: { hide: true } },
      async (request, reply) => {
        const platform = platformOf(request);
        const key = browserKeyOf(request.headers.cookie);
        if (!platform || !key) return html(reply, 410, failurePage(GONE));
        const { token } = request.params as Params;
        const target = await cancelHostedSelection(ctx, platform, token, key);
        if (!target) return html(reply, 410, failurePage(GONE));
        const url = new URL(target);
        url.searchParams.set('error', 'access_denied');
        url.searchParams.set('platform', platform);
        return reply
          .header('set-cookie', choiceCookie(ctx, choicePath(platform, token), null))
          .header('cache-control', 'no-store')
          .redirect(url.toString(), 303);
      },
    );
  });
}
