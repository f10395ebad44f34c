/**
 * Instagram and Threads containers on the simulator, where they must behave as the
 * Graph API does for a client to be tested honestly: reads answer only the fields
 * asked for (and the id), and the media is fetched from its URL, so a URL that
 * answers 404 fails as it would live.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type FixtureServer, startFixtureServer } from '../media/testing.ts';
import { jpeg } from '../platforms/shared/meta-testing.ts';
import { type Simulator, startSimulator } from './index.ts';
import type { Json } from './testing.ts';

describe('Instagram and Threads containers', () => {
  let sim: Simulator;
  let fixtures: FixtureServer;
  let image: string;
  before(async () => {
    sim = await startSimulator();
    fixtures = await startFixtureServer();
    // A photo Instagram takes (JPEG, 1:1): the simulator holds images to Instagram's rules.
    image = fixtures.set('/meta/photo.jpg', jpeg(1080, 1080), 'image/jpeg');
  });
  after(async () => {
    await fixtures.close();
    await sim.close();
  });

  const graph = async (platform: 'instagram' | 'threads', method: string, path: string, params = {}) => {
    const { accessToken } = sim.issueTokens(platform);
    const version = platform === 'threads' ? 'v1.0' : 'v25.0';
    const query = new URLSearchParams({ ...params, access_token: accessToken });
    const res = await fetch(`${sim.baseUrl(platform)}/${version}${path}?${query}`, { method });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const user = (platform: 'instagram' | 'threads') => sim.state.defaultAccount(platform).id;

  it('answer only the requested fields and the id', async () => {
    const made = await graph('instagram', 'POST', `/${user('instagram')}/media`, { image_url: image });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const status = await graph('instagram', 'GET', `/${made.body.id}`, { fields: 'status_code' });
    assert.deepEqual(Object.keys(status.body).sort(), ['id', 'status_code']);
    const bare = await graph('instagram', 'GET', `/${made.body.id}`);
    assert.deepEqual(Object.keys(bare.body), ['id'], 'no fields asked: the id alone');

    const published = await graph('instagram', 'POST', `/${user('instagram')}/media_publish`, {
      creation_id: made.body.id,
    });
    const media = await graph('instagram', 'GET', `/${published.body.id}`, { fields: 'permalink' });
    assert.deepEqual(Object.keys(media.body).sort(), ['id', 'permalink']);
    const listed = await graph('instagram', 'GET', `/${user('instagram')}/media`, { fields: 'timestamp' });
    assert.deepEqual(Object.keys(listed.body.data[0]).sort(), ['id', 'timestamp']);

    const thread = await graph('threads', 'POST', `/${user('threads')}/threads`, {
      media_type: 'TEXT',
      text: 'fields only',
    });
    const threadStatus = await graph('threads', 'GET', `/${thread.body.id}`, { fields: 'status' });
    assert.deepEqual(Object.keys(threadStatus.body).sort(), ['id', 'status']);
  });

  it('fetch the media: Instagram refuses a URL that answers 404 at once', async () => {
    const gone = `${fixtures.url}/meta/missing.png`;
    const made = await graph('instagram', 'POST', `/${user('instagram')}/media`, { image_url: gone });
    assert.equal(made.status, 400);
    assert.equal(made.body.error.code, 9004);
    assert.equal(made.body.error.error_subcode, 2207052);
  });

  it('fetch the media: a Threads container of a URL that answers 404 ends in ERROR', async () => {
    const gone = `${fixtures.url}/meta/missing.mp4`;
    const made = await graph('threads', 'POST', `/${user('threads')}/threads`, {
      media_type: 'VIDEO',
      video_url: gone,
    });
    assert.equal(made.status, 200, 'Threads takes the container and fails it while processing');
    let status: Json;
    for (let i = 0; i < 10; i++) {
      status = (await graph('threads', 'GET', `/${made.body.id}`, { fields: 'status,error_message' })).body;
      if (status.status !== 'IN_PROGRESS') break;
    }
    assert.deepEqual(status, {
      id: made.body.id,
      status: 'ERROR',
      error_message: 'FAILED_DOWNLOADING_VIDEO',
    });
  });
});
