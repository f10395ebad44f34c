/**
 * Tokens and secrets are encrypted at rest: after connecting accounts, registering
 * an app, starting a flow (PKCE verifier) and holding a selection, neither the
 * table rows nor (on SQLite) the database file bytes contain any of them in clear.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { createSelection } from '../../src/domain/connect/selection.ts';
import { forEachDatabase } from '../harness.ts';
import { connectLikeAUser, connectPath, startConnectEnv } from './helpers.ts';

forEachDatabase('secrets at rest', (dialect) => {
  it('stores no token, client secret or PKCE verifier in clear', async () => {
    const env = await startConnectEnv(dialect);
    const { t, sim } = env;
    try {
      const appSecret = 'byok-secret-Zq7Lm2Xv9Rt4';
      sim.addApp('twitter', { clientId: 'rest-client', clientSecret: appSecret });
      const app = (
        await t.request('POST', '/v1/apps', {
          platform: 'twitter',
          name: 'A',
          clientId: 'rest-client',
          clientSecret: appSecret,
        })
      ).body.app;
      await connectLikeAUser(t, 'twitter');
      await connectLikeAUser(t, 'twitter', { appId: app.id });
      await t.request('GET', connectPath('twitter')); // a pending state with its PKCE verifier
      const bsky = await t.request('POST', '/v1/connect/bluesky/auth', {
        identifier: 'sim-user.bsky.social',
        password: 'simb-apps-pass-word',
      });
      assert.equal(bsky.status, 200, bsky.text);
      const pageToken = 'EAAG-page-token-Kx81Qw';
      await createSelection(t.ctx, {
        projectId: t.projectId,
        platform: 'facebook',
        redirectUri: null,
        profileId: null,
        appId: null,
        accounts: [
          {
            platformUserId: '1',
            type: 'page',
            username: null,
            displayName: 'P',
            profileUrl: null,
            imageUrl: null,
            metadata: {},
            tokens: {
              accessToken: pageToken,
              refreshToken: null,
              accessTokenExpiresAt: null,
              refreshTokenExpiresAt: null,
              scopes: [],
            },
          },
        ],
        userTokens: {
          accessToken: 'EAAG-user-token-Pp02',
          refreshToken: null,
          accessTokenExpiresAt: null,
          refreshTokenExpiresAt: null,
          scopes: [],
        },
      });

      const db = t.ctx.store.db;
      const integrations = await db.selectFrom('integrations').selectAll().execute();
      const states = await db.selectFrom('oauth_states').selectAll().execute();
      const secrets = [appSecret, pageToken, 'EAAG-user-token-Pp02', 'simb-apps-pass-word'];
      for (const r of integrations) {
        const access = t.ctx.sealer.open(r.access_token_enc ?? '');
        secrets.push(access);
        if (r.refresh_token_enc) secrets.push(t.ctx.sealer.open(r.refresh_token_enc));
      }
      for (const s of states) if (s.code_verifier_enc) secrets.push(t.ctx.sealer.open(s.code_verifier_enc));
      assert.ok(integrations.length >= 3);
      assert.ok(
        states.some((s) => s.code_verifier_enc),
        'a PKCE verifier is stored',
      );
      assert.ok(
        secrets.every((s) => s.length >= 12),
        'every secret is long enough to search for',
      );

      const rows = JSON.stringify({
        integrations,
        states,
        selection: await db.selectFrom('selection_tokens').selectAll().execute(),
        apps: await db.selectFrom('oauth_apps').selectAll().execute(),
      });
      for (const secret of secrets) assert.equal(rows.includes(secret), false, 'a secret is stored in clear');

      if (dialect === 'sqlite') {
        const dir = t.ctx.config.DATA_DIR;
        const bytes = ['service.sqlite', 'service.sqlite-wal']
          .map((f) => join(dir, f))
          .filter(existsSync)
          .map((f) => readFileSync(f).toString('latin1'))
          .join('');
        assert.ok(bytes.includes('rest-client'), 'the file holds the data we look in');
        for (const secret of secrets)
          assert.equal(bytes.includes(secret), false, 'a secret is in the SQLite file');
      }
    } finally {
      await env.close();
    }
  });
});
