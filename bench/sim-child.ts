/**
 * The simulator in a process of its own for the benchmark (so it does not share
 * the service's CPU): creates `accounts` users per platform, issues each an access
 * token that does not expire, and prints one JSON line:
 * `{url, accounts: {platform: [{id, token}]}}`. Stops on SIGTERM.
 *   node bench/sim-child.ts twitter,linkedin 1000
 */

import type { Platform } from '../src/platforms/names.ts';
import { createSimulator } from '../src/simulator/core/simulator.ts';

const platforms = (process.argv[2] ?? 'twitter').split(',') as Platform[];
const count = Number(process.argv[3] ?? '100');
const sim = await createSimulator({ port: 0, host: '127.0.0.1' });
const accounts: Record<string, { id: string; token: string }[]> = {};
for (const platform of platforms) {
  accounts[platform] = [];
  for (let i = 0; i < count; i++) {
    const id = `bench${platform}${String(i).padStart(6, '0')}`;
    sim.addAccount(platform, { id, username: id, name: id });
    const token = sim.state.issueToken({
      platform,
      kind: 'access',
      clientId: `sim-${platform}-client`,
      accountId: id,
      scopes: [],
      expiresAt: null,
      grantId: `grant-${id}`,
    }).value;
    accounts[platform].push({ id, token });
  }
}
// Fresh X accounts for the ceiling measurement (each may post 100 times per 15 minutes:
// enough of them that a few seconds at full speed never meets that limit).
accounts.ceiling = [];
for (let i = 0; i < 2000; i++) {
  const id = `benchceiling${String(i).padStart(4, '0')}`;
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
