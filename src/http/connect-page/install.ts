/**
 * The hosted connect page at /connect/s/{token} (src/domain/connect-sessions): the
 * integrator's customer connects accounts here without an access key, the link's
 * token being the credential. Pages, not API routes: they answer HTML (a clear page
 * for an expired, used or unknown link, never JSON), take HTML forms, and are kept
 * out of the OpenAPI document. The security headers are the dashboard's, with forms
 * also allowed to end at the integrator's redirectUri (the Done button goes there).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { connectBluesky } from '../../domain/connect/bluesky.ts';
import { readSelection, saveSelection } from '../../domain/connect/selection.ts';
import { startConnect } from '../../domain/connect/start.ts';
import { connectTelegram } from '../../domain/connect/telegram.ts';
import {
  connectedInSession,
  finishSession,
  type LiveSession,
  lookupSession,
  recordConnected,
  sessionPath,
} from '../../domain/connect-sessions/sessions.ts';
import { AppError } from '../../errors.ts';
import { authFor } from '../../platforms/auth-registry.ts';
import { isPlatform, type Platform } from '../../platforms/names.ts';
import { PAGE_HEADERS, pagePolicy } from '../dashboard.ts';
import {
  continuePage,
  deadPage,
  failurePage,
  LABELS,
  type Notice,
  selectionPage,
  sessionPage,
} from './render.ts';

/** Forms here hold a handle and an app password, or a few account ids. */
const FORM_LIMIT_BYTES = 16 * 1024;

const CONNECT_ERRORS: Record<string, string> = {
  access_denied: 'You declined the authorization on the platform. You can try again.',
  state_expired: 'The authorization took too long. Please try again.',
  state_used: 'That authorization was already used. Please try again.',
  no_accounts: 'The platform offered no account to connect.',
  app_unavailable: 'This platform can not be connected right now.',
};

interface Params {
  token: string;
  platform?: string;
}

type Handler = (session: LiveSession, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export async function installConnectPage(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const secured = (reply: FastifyReply, formTarget?: string) =>
    reply.headers({
      ...PAGE_HEADERS,
      'content-security-policy': pagePolicy(formTarget ? `'self' ${formTarget}` : "'self'"),
      // The token is in the address: keep the pages out of caches.
      'cache-control': 'no-store',
    });
  const html = (reply: FastifyReply, status: number, body: string, formTarget?: string) =>
    secured(reply, formTarget).status(status).type('text/html; charset=utf-8').send(body);

  /** Finds the live session of the link (else a page saying why) and runs the handler, answering any failure as a page. */
  const withSession =
    (handler: Handler) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      try {
        const { token } = request.params as Params;
        const found = await lookupSession(ctx, token);
        if (found.status !== 'live')
          return html(reply, found.status === 'unknown' ? 404 : 410, deadPage(found.status));
        return await handler(found.session, request, reply);
      } catch (err) {
        if (err instanceof AppError && err.status < 500)
          return html(reply, err.status, failurePage(err.message));
        request.log.error({ err }, 'hosted connect page failed');
        return html(
          reply,
          err instanceof AppError ? err.status : 500,
          failurePage('The service could not complete this step. Please try again in a moment.'),
        );
      }
    };

  const base = (s: LiveSession) => sessionPath(s.token);
  const origin = (s: LiveSession) => new URL(s.redirectUri).origin;
  const show = async (reply: FastifyReply, s: LiveSession, status: number, notice: Notice | null) =>
    html(reply, status, sessionPage(s, base(s), await connectedInSession(ctx, s), notice), origin(s));
  const allowed = (s: LiveSession, platform: string | undefined): platform is Platform =>
    platform !== undefined && isPlatform(platform) && s.platforms.includes(platform);
  const back = (reply: FastifyReply, s: LiveSession, platform: Platform) =>
    reply.redirect(`${base(s)}?connected=${platform}`, 303);

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
      (_request, body, done) => done(null, new URLSearchParams(String(body))),
    );
    const form = (request: FastifyRequest) =>
      request.body instanceof URLSearchParams ? request.body : new URLSearchParams();

    scope.get(
      '/connect/s/:token',
      { schema: { hide: true } },
      withSession(async (s, request, reply) => {
        const q = request.query as Record<string, string | undefined>;
        const platform = q.platform;
        if (q.status === 'selection_required' && q.selectionToken && allowed(s, platform)) {
          const offer = await readSelection(ctx, s.projectId, platform, q.selectionToken).catch(() => null);
          if (offer)
            return html(
              reply,
              200,
              selectionPage(s, base(s), platform, q.selectionToken, offer.accounts, null),
              origin(s),
            );
          return show(reply, s, 200, { kind: 'error', text: 'That choice expired. Please connect again.' });
        }
        let notice: Notice | null = null;
        if (q.error)
          notice = {
            kind: 'error',
            text: `${platform && isPlatform(platform) ? `${LABELS[platform]}: ` : ''}${CONNECT_ERRORS[q.error] ?? 'The connection did not complete. Please try again.'}`,
          };
        else {
          // `connected` after a form here; the OAuth callback names the platform and the integration.
          const done = q.connected ?? (q.integrationId ? platform : undefined);
          if (done && isPlatform(done)) notice = { kind: 'ok', text: `${LABELS[done]} connected.` };
        }
        return show(reply, s, 200, notice);
      }),
    );

    // OAuth: the platform's authorization page, whose callback comes back to this page.
    scope.get(
      '/connect/s/:token/start/:platform',
      { schema: { hide: true } },
      withSession(async (s, request, reply) => {
        const { platform } = request.params as Params;
        if (!allowed(s, platform) || authFor(platform).method !== 'oauth2')
          return show(reply, s, 404, { kind: 'error', text: 'This platform is not offered on this page.' });
        const { url } = await startConnect(ctx, s.projectId, platform, {
          profileId: s.profileId ?? undefined,
          appId: s.appIds[platform],
          connectSessionToken: s.token,
        });
        return reply.redirect(url, 303);
      }),
    );

    scope.post(
      '/connect/s/:token/bluesky',
      { schema: { hide: true } },
      withSession(async (s, request, reply) => {
        if (!allowed(s, 'bluesky'))
          return show(reply, s, 404, { kind: 'error', text: 'Bluesky is not offered on this page.' });
        const f = form(request);
        const identifier = (f.get('identifier') ?? '').trim();
        const password = f.get('password') ?? '';
        if (!identifier || !password || identifier.length > 300 || password.length > 300)
          return show(reply, s, 400, {
            kind: 'error',
            text: 'Bluesky: enter your handle (or e-mail) and an app password.',
          });
        try {
          await connectBluesky(
            ctx,
            s.projectId,
            { identifier, password, profileId: s.profileId ?? undefined },
            (trx, ids) => recordConnected(ctx, trx, s.id, 'bluesky', ids),
          );
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 503) throw err;
          const text =
            err.kind === 'unauthenticated'
              ? 'Bluesky did not accept this handle and app password. Check them and try again.'
              : 'Bluesky could not be reached. Please try again in a moment.';
          return show(reply, s, err.status, { kind: 'error', text });
        }
        return back(reply, s, 'bluesky');
      }),
    );

    // Telegram has no authorization page: the person's bot token and the chat it posts to.
    scope.post(
      '/connect/s/:token/telegram',
      { schema: { hide: true } },
      withSession(async (s, request, reply) => {
        if (!allowed(s, 'telegram'))
          return show(reply, s, 404, { kind: 'error', text: 'Telegram is not offered on this page.' });
        const f = form(request);
        const botToken = (f.get('botToken') ?? '').trim();
        const chatId = (f.get('chatId') ?? '').trim();
        if (!botToken || !chatId || botToken.length > 200 || chatId.length > 200)
          return show(reply, s, 400, {
            kind: 'error',
            text: 'Telegram: enter your bot token and the channel or group it posts to.',
          });
        try {
          await connectTelegram(
            ctx,
            s.projectId,
            { botToken, chatId, profileId: s.profileId ?? undefined },
            (trx, ids) => recordConnected(ctx, trx, s.id, 'telegram', ids),
          );
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 503) throw err;
          // Telegram's own words say what the bot lacks (not an administrator, may not post...).
          const text =
            err.kind === 'unauthenticated'
              ? 'Telegram did not accept this bot token. Check it with @BotFather and try again.'
              : `Telegram: ${err.message}`;
          return show(reply, s, err.status, { kind: 'error', text });
        }
        return back(reply, s, 'telegram');
      }),
    );

    // Mastodon: the person's instance first, then its authorization page (connecting or reconnecting there).
    scope.post(
      '/connect/s/:token/mastodon',
      { schema: { hide: true } },
      withSession(async (s, request, reply) => {
        if (!allowed(s, 'mastodon'))
          return show(reply, s, 404, { kind: 'error', text: 'Mastodon is not offered on this page.' });
        const instance = (form(request).get('instance') ?? '').trim();
        let url: string;
        try {
          ({ url } = await startConnect(ctx, s.projectId, 'mastodon', {
            profileId: s.profileId ?? undefined,
            connectSessionToken: s.token,
            ...(instance ? { instance } : {}),
          }));
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 500) throw err;
          return show(reply, s, err.status, { kind: 'error', text: `Mastodon: ${err.message}` });
        }
        return html(reply, 200, continuePage(s, url, new URL(url).origin), origin(s));
      }),
    );

    // The Facebook Page / LinkedIn organization / Google Business location choice.
    scope.post(
      '/connect/s/:token/select',
      { schema: { hide: true } },
      withSession(async (s, request, reply) => {
        const f = form(request);
        const platform = f.get('platform') ?? undefined;
        const selectionToken = f.get('selectionToken') ?? '';
        if (!allowed(s, platform) || !selectionToken)
          return show(reply, s, 400, {
            kind: 'error',
            text: 'That choice is not valid. Please connect again.',
          });
        const selected = f.getAll('selected').filter((id) => id && id.length <= 200);
        if (selected.length === 0) {
          const offer = await readSelection(ctx, s.projectId, platform, selectionToken).catch(() => null);
          if (!offer)
            return show(reply, s, 410, { kind: 'error', text: 'That choice expired. Please connect again.' });
          const notice: Notice = { kind: 'error', text: 'Choose at least one to connect.' };
          return html(
            reply,
            400,
            selectionPage(s, base(s), platform, selectionToken, offer.accounts, notice),
            origin(s),
          );
        }
        try {
          await saveSelection(ctx, s.projectId, platform, selectionToken, selected, (trx, ids) =>
            recordConnected(ctx, trx, s.id, platform, ids),
          );
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 500) throw err;
          return show(reply, s, err.status === 404 ? 410 : err.status, {
            kind: 'error',
            text: err.status === 404 ? 'That choice expired. Please connect again.' : err.message,
          });
        }
        return back(reply, s, platform);
      }),
    );

    scope.post(
      '/connect/s/:token/finish',
      { schema: { hide: true } },
      withSession(async (s, _request, reply) => {
        const location = await finishSession(ctx, s);
        if (!location) return html(reply, 410, deadPage('used'));
        return secured(reply, origin(s)).redirect(location, 303);
      }),
    );
  });
}
