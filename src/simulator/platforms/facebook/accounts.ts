/**
 * Facebook account calls: `/{v}/me`, `/{v}/me/accounts` (the user's Pages with Page
 * access tokens, cursor paging), `/{v}/me/permissions`, `/{v}/debug_token`, and node
 * reads `/{v}/{page-id}` (e.g. `?fields=instagram_business_account`).
 */
import { allParams, authOf, json } from '../../core/http.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import type { SimAccount, SimPage, SimToken } from '../../core/types.ts';
import { metaError } from '../_shared/meta.ts';
import { fieldNames, isGraphVersion } from '../_shared/meta-oauth.ts';
import { unknownPath } from './oauth.ts';
import { formatVideoView } from './reels.ts';

const pick = (all: Record<string, unknown>, fields: string[], defaults: string[]) => {
  const want = fields.length ? fields : defaults;
  return Object.fromEntries(Object.entries(all).filter(([k]) => want.includes(k) || k === 'id'));
};

const picture = (url: string) => ({ data: { height: 50, is_silhouette: false, url, width: 50 } });

const userView = (a: SimAccount, fields: string[]) =>
  pick({ id: a.id, name: a.name, email: a.email, picture: picture(a.avatarUrl) }, fields, ['name']);

const pageView = (p: SimPage, fields: string[], defaults: string[], accessToken?: string) =>
  pick(
    {
      id: p.id,
      name: p.name,
      access_token: accessToken,
      category: p.category,
      category_list: [{ id: '2500', name: p.category }],
      tasks: p.tasks,
      picture: picture(p.pictureUrl),
      followers_count: p.followersCount ?? 0,
      fan_count: p.followersCount ?? 0,
      ...(p.instagramBusinessAccount
        ? {
            instagram_business_account: {
              id: p.instagramBusinessAccount.id,
              username: p.instagramBusinessAccount.username,
              profile_picture_url: p.instagramBusinessAccount.profilePictureUrl,
            },
          }
        : {}),
    },
    fields,
    defaults,
  );

/** The Page token for this user grant and Page: one per grant, never expiring when the user token is long-lived. */
const pageToken = (sim: Simulator, user: SimToken, page: SimPage): SimToken => {
  const existing = sim.state
    .tokensWhere({ platform: 'facebook', kind: 'page', account: page.id })
    .find((t) => t.grantId === user.grantId && !t.revoked && t.longLived === user.longLived);
  if (existing) return existing;
  return sim.state.issueToken({
    platform: 'facebook',
    kind: 'page',
    clientId: user.clientId,
    accountId: user.accountId,
    subjectId: page.id,
    scopes: user.scopes,
    grantId: user.grantId,
    ...(user.longLived ? { longLived: true } : {}),
    expiresAt: user.longLived ? null : user.expiresAt,
  });
};

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get(
    '/:version/me',
    (req) => {
      if (!isGraphVersion(req.params['version'])) return unknownPath();
      const { account, pageId } = authOf(req);
      const fields = fieldNames(allParams(req)['fields']);
      const page = pageId ? account.pages?.find((p) => p.id === pageId) : undefined;
      return json(200, page ? pageView(page, fields, ['name']) : userView(account, fields));
    },
    { auth: true },
  );

  r.get(
    '/:version/me/accounts',
    (req) => {
      if (!isGraphVersion(req.params['version'])) return unknownPath();
      const { account, token, pageId } = authOf(req);
      if (pageId) {
        return metaError({
          message: '(#100) Tried accessing nonexisting field (accounts) on node type (Page)',
          code: 100,
        });
      }
      const p = allParams(req);
      const fields = fieldNames(p['fields']);
      const limit = Math.min(Number(p['limit'] ?? '25') || 25, 100);
      const start = p['after'] ? Number(Buffer.from(p['after'], 'base64url').toString()) || 0 : 0;
      const pages = account.pages ?? [];
      const slice = pages.slice(start, start + limit);
      const data = slice.map((pg) =>
        pageView(
          pg,
          fields,
          ['name', 'access_token', 'category', 'category_list', 'tasks'],
          pageToken(sim, token, pg).value,
        ),
      );
      const cursor = (i: number) => Buffer.from(String(i)).toString('base64url');
      const more = start + limit < pages.length;
      const next = new URL(`${sim.baseUrl('facebook')}${req.path}`);
      for (const [k, v] of Object.entries(req.query)) next.searchParams.set(k, v);
      next.searchParams.set('after', cursor(start + limit));
      return json(200, {
        data,
        paging: {
          cursors: { before: cursor(start), after: cursor(start + Math.max(slice.length, 1)) },
          ...(more ? { next: next.toString() } : {}),
        },
      });
    },
    { auth: true },
  );

  r.get(
    '/:version/me/permissions',
    (req) => {
      if (!isGraphVersion(req.params['version'])) return unknownPath();
      return json(200, {
        data: authOf(req).token.scopes.map((permission) => ({ permission, status: 'granted' })),
      });
    },
    { auth: true },
  );

  r.get('/:version/debug_token', (req) => {
    if (!isGraphVersion(req.params['version'])) return unknownPath();
    const p = allParams(req);
    const t = sim.state.token(p['input_token']);
    if (t?.platform !== 'facebook') {
      return json(200, {
        data: { error: { code: 190, message: 'Invalid OAuth access token.' }, is_valid: false, scopes: [] },
      });
    }
    const valid = !t.revoked && (t.expiresAt === null || t.expiresAt > sim.clock.now());
    return json(200, {
      data: {
        app_id: t.clientId,
        type: t.kind === 'page' ? 'PAGE' : 'USER',
        application: sim.state.app('facebook', t.clientId)?.name ?? t.clientId,
        data_access_expires_at: Math.floor(t.issuedAt / 1000) + 90 * 86400,
        expires_at: t.expiresAt === null ? 0 : Math.floor(t.expiresAt / 1000),
        is_valid: valid,
        issued_at: Math.floor(t.issuedAt / 1000),
        scopes: t.scopes,
        user_id: t.accountId,
        ...(t.subjectId ? { profile_id: t.subjectId } : {}),
      },
    });
  });

  r.get(
    '/:version/:id',
    (req) => {
      if (!isGraphVersion(req.params['version'])) return unknownPath();
      const id = req.params['id'] ?? '';
      const fields = fieldNames(allParams(req)['fields']);
      const { account } = authOf(req);
      const page = sim.state
        .accountsOf('facebook')
        .flatMap((a) => a.pages ?? [])
        .find((p) => p.id === id);
      if (page) return json(200, pageView(page, fields, ['name']));
      const video = formatVideoView(sim, req, id);
      if (video) return video;
      if (id === account.id) return json(200, userView(account, fields));
      return metaError({
        message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        code: 100,
        error_subcode: 33,
      });
    },
    { auth: true },
  );
};
