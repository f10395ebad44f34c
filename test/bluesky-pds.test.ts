/**
 * The Bluesky adapter against a real AT Protocol PDS (`@atproto/pds`) with an
 * in-memory PLC directory (`@did-plc/server`), both on loopback: an account
 * connects with an app password, publishes a post with an image and a link, the
 * record is read back from the repository, then deleted; a thread published
 * there is deleted whole.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { envToCfg, envToSecrets, PDS } from '@atproto/pds';
import { Database as PlcDatabase, PlcServer } from '@did-plc/server';
import pino from 'pino';
import { createMediaStager } from '../src/media/stage.ts';
import { type FixtureServer, png, startFixtureServer } from '../src/media/testing.ts';
import { createOutboundClient, platformUrlGuard } from '../src/net/outbound.ts';
import { blueskyModule } from '../src/platforms/bluesky/index.ts';
import type { AccountCredentials, Checkpoint, PublishContext } from '../src/platforms/contract.ts';

const adapter = blueskyModule.publisher;

async function xrpc(
  base: string,
  method: string,
  init: { body?: unknown; token?: string; query?: Record<string, string> } = {},
) {
  const query = init.query ? `?${new URLSearchParams(init.query)}` : '';
  const res = await fetch(`${base}/xrpc/${method}${query}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('Bluesky adapter against a real PDS', () => {
  let plc: PlcServer;
  let pds: PDS;
  let pdsUrl: string;
  let dir: string;
  let fixtures: FixtureServer;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pds-test-'));
    fixtures = await startFixtureServer();
    plc = PlcServer.create({ db: PlcDatabase.mock(), port: 0 });
    const plcServer = await plc.start();
    const plcUrl = `http://localhost:${(plcServer.address() as AddressInfo).port}`;
    const rotation = generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).privateKey.export({
      format: 'jwk',
    });
    const env = {
      devMode: true,
      port: 0,
      hostname: 'localhost',
      dataDirectory: dir,
      blobstoreDiskLocation: join(dir, 'blobs'),
      didPlcUrl: plcUrl,
      adminPassword: 'admin-pass',
      jwtSecret: 'jwt-secret',
      serviceHandleDomains: ['.test'],
      bskyAppViewUrl: 'https://appview.invalid',
      bskyAppViewDid: 'did:example:invalid',
      modServiceUrl: 'https://moderator.invalid',
      modServiceDid: 'did:example:invalid',
      plcRotationKeyK256PrivateKeyHex: Buffer.from(String(rotation.d), 'base64url').toString('hex'),
      inviteRequired: false,
      disableSsrfProtection: true,
    };
    pds = await PDS.create(envToCfg(env), envToSecrets(env));
    const server = await pds.start();
    pdsUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    await pds?.destroy();
    await plc?.destroy();
    await fixtures?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('connects with an app password, publishes an image and a link, reads the record back, deletes it; deletes a thread whole', async () => {
    const created = await xrpc(pdsUrl, 'com.atproto.server.createAccount', {
      body: { email: 'alice@example.com', handle: 'alice.test', password: 'main-password' },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const appPassword = await xrpc(pdsUrl, 'com.atproto.server.createAppPassword', {
      body: { name: 'publishing' },
      token: String(created.body.accessJwt),
    });
    assert.equal(appPassword.status, 200, JSON.stringify(appPassword.body));
    const session = await xrpc(pdsUrl, 'com.atproto.server.createSession', {
      body: { identifier: 'alice.test', password: String(appPassword.body.password) },
    });
    assert.equal(session.status, 200, JSON.stringify(session.body));
    const did = String(session.body.did);
    const account: AccountCredentials = {
      platformUserId: did,
      accessToken: String(session.body.accessJwt),
      metadata: { handle: 'alice.test', pdsUrl },
    };

    const image = fixtures.set('/photo.png', png(640, 480), 'image/png');
    const text = 'Published to a real PDS: https://example.com/post #atproto';
    const stored: Checkpoint = {};
    const creates: Checkpoint[] = [];
    const outbound = createOutboundClient({ allowlist: ['127.0.0.1'] });
    const ctx: PublishContext = {
      target: {
        platform: 'bluesky',
        integrationId: 'integration-1',
        content: text,
        mediaItems: [{ type: 'image', url: image }],
        platformSpecificData: { altText: ['a grey square'] },
      },
      account,
      checkpoint: stored,
      saveCheckpoint: async (patch) => void Object.assign(stored, patch),
      beginCreate: async (info = {}) => void creates.push(info),
      recordExists: async () => {},
      baseUrl: 'https://bsky.social',
      platformUrls: platformUrlGuard(outbound, ['https://bsky.social']),
      signal: new AbortController().signal,
      log: pino({ level: 'silent' }),
      now: () => new Date(),
      media: createMediaStager({ outbound, maxBytes: 5_000_000, fetchTimeoutMs: 5000, tmpDir: dir }),
    };
    try {
      const result = await adapter.publish(ctx);
      const rkey = String(creates[0]?.rkey);
      assert.equal(result.platformPostId, `at://${did}/app.bsky.feed.post/${rkey}`);
      assert.equal(result.platformPostUrl, `https://bsky.app/profile/alice.test/post/${rkey}`);

      const read = await xrpc(pdsUrl, 'com.atproto.repo.getRecord', {
        query: { repo: did, collection: 'app.bsky.feed.post', rkey },
      });
      assert.equal(read.status, 200);
      const value = read.body.value as Record<string, unknown>;
      assert.equal(value.text, text);
      const embed = value.embed as { $type: string; images: { alt: string; image: { mimeType: string } }[] };
      assert.equal(embed.$type, 'app.bsky.embed.images');
      assert.equal(embed.images[0]?.alt, 'a grey square');
      assert.equal(embed.images[0]?.image.mimeType, 'image/png');
      const facets = value.facets as {
        index: { byteStart: number };
        features: { $type: string; uri?: string }[];
      }[];
      assert.deepEqual(facets[0]?.features, [
        { $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com/post' },
      ]);
      assert.equal(facets[0]?.index.byteStart, text.indexOf('https://'));

      assert.deepEqual(await adapter.reconcile({ ...ctx, checkpoint: stored }), {
        ...result,
        state: 'published',
      });

      const deletion = {
        account,
        platformPostId: result.platformPostId,
        checkpoint: stored,
        baseUrl: 'https://bsky.social',
        platformUrls: ctx.platformUrls,
        signal: ctx.signal,
        log: ctx.log,
      };
      await adapter.delete(deletion);
      const gone = await xrpc(pdsUrl, 'com.atproto.repo.getRecord', {
        query: { repo: did, collection: 'app.bsky.feed.post', rkey },
      });
      assert.equal(gone.status, 400);
      assert.equal(gone.body.error, 'RecordNotFound');
      // deleteRecord "deletes or ensures it does not exist": deleting again succeeds.
      await adapter.delete(deletion);

      // A thread is three records; deleting the post removes them all.
      const threadStored: Checkpoint = {};
      const thread = await adapter.publish({
        ...ctx,
        target: {
          ...ctx.target,
          content: 'A thread on a real PDS',
          mediaItems: [],
          platformSpecificData: { threadItems: [{ content: 'second' }, { content: 'third' }] },
        },
        checkpoint: threadStored,
        saveCheckpoint: async (patch) => void Object.assign(threadStored, patch),
      });
      const units = Object.values(threadStored.units as Record<string, { uri: string }>);
      assert.equal(units.length, 3);
      await adapter.delete({ ...deletion, platformPostId: thread.platformPostId, checkpoint: threadStored });
      for (const unit of units) {
        const read = await xrpc(pdsUrl, 'com.atproto.repo.getRecord', {
          query: { repo: did, collection: 'app.bsky.feed.post', rkey: unit.uri.split('/').pop() ?? '' },
        });
        assert.equal(read.body.error, 'RecordNotFound', unit.uri);
      }
    } finally {
      await outbound.close();
    }
  });
});
