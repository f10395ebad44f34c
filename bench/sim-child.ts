/**
 * The simulator in a process of its own for the benchmark (so it does not share
 * the service's CPU): creates accounts per platform as the spec says, issues each
 * an access token that does not expire, and prints one JSON line:
 * `{url, accounts: {platform: [{id, token}]}}`. Stops on SIGTERM.
 *   node bench/sim-child.ts twitter:1000,linkedin:1000,youtube:340,tiktok:3400
 *
 * What real accounts of a platform would have, so the publishers take their
 * real path: TikTok creators allow public posts and their tokens carry the
 * Content Posting scopes; YouTube channels have a channel. YouTube's quota is
 * per API project (10,000 units a day by default, about 100 uploads): the
 * benchmark's project is one granted a quota extension for its volume, so the
 * project quota is raised; each channel's daily upload cap stays the
 * simulator's, and the benchmark keeps every channel well under it.
 */

import type { Platform } from '../src/platforms/names.ts';
import { createSimulator } from '../src/simulator/core/simulator.ts';

const spec = (process.argv[2] ?? 'twitter:100').split(',').map((entry) => {
  const [platform, count] = entry.split(':');
  return { platform: platform as Platform, count: Number(count ?? '100') };
});
const sim = await createSimulator({ port: 0, host: '127.0.0.1' });

/** Scopes a token needs on the platforms whose simulator checks them. */
const SCOPES: Partial<Record<Platform, string[]>> = {
  tiktok: ['user.info.basic', 'video.publish', 'video.upload'],
};
/** Account fields beyond id and names, per platform. */
function extras(platform: Platform, id: string) {
  if (platform === 'tiktok')
    return {
      creatorInfo: {
        privacyLevelOptions: [
          'PUBLIC_TO_EVERYONE',
          'MUTUAL_FOLLOW_FRIENDS',
          'FOLLOWER_OF_CREATOR',
          'SELF_ONLY',
        ],
        commentDisabled: false,
        duetDisabled: false,
        stitchDisabled: false,
        maxVideoPostDurationSec: 600,
      },
    };
  if (platform === 'youtube')
    return {
      channel: {
        id: `UC${id}`,
        title: id,
        customUrl: `@${id}`,
        thumbnailUrl: `https://yt3.ggpht.invalid/${id}.jpg`,
      },
    };
  return {};
}

const accounts: Record<string, { id: string; token: string }[]> = {};
for (const { platform, count } of spec) {
  accounts[platform] = [];
  for (let i = 0; i < count; i++) {
    const id = `bench${platform}${String(i).padStart(6, '0')}`;
    sim.addAccount(platform, { id, username: id, name: id, ...extras(platform, id) });
    const token = sim.state.issueToken({
      platform,
      kind: 'access',
      clientId: `sim-${platform}-client`,
      accountId: id,
      scopes: SCOPES[platform] ?? [],
      expiresAt: null,
      grantId: `grant-${id}`,
    }).value;
    accounts[platform].push({ id, token });
  }
}
if (spec.some((s) => s.platform === 'youtube'))
  sim.state.collection('youtube', 'settings').set('quotaLimit', Number.MAX_SAFE_INTEGER);
// Fresh X accounts for the ceiling measurement. Each may post 100 times per 15 minutes, so
// 10,000 of them allow 1,000,000 posts: three 4-second readings stay under that limit up to
// 80,000 posts/s (2,000 were met at about 17,000/s on a fast day).
accounts.ceiling = [];
for (let i = 0; i < 10_000; i++) {
  const id = `benchceiling${String(i).padStart(5, '0')}`;
  sim.addAccount('twitter', { id, username: id, name: id });
  const token = sim.state.issueToken({
    platform: 'twitter',
    kind: 'access',
    clientId: 'sim-twitter-client',
    accountId: id,
    scopes: [],
    expiresAt: null,
    grantId: `grant-${id}`,
  }).value;
  accounts.ceiling.push({ id, token });
}
process.stdout.write(`${JSON.stringify({ url: sim.url, accounts })}\n`);
process.on('SIGTERM', () => {
  sim.close().then(() => process.exit(0));
});
