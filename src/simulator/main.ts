/**
 * `npm run simulator`: the platform simulator alone. Port from SIMULATOR_PORT
 * (default 4100), address from SIMULATOR_HOST (default 127.0.0.1).
 */
import { createSimulator } from './core/simulator.ts';
import { defaultClient } from './core/state.ts';

const port = Number(process.env['SIMULATOR_PORT'] ?? '4100');
const host = process.env['SIMULATOR_HOST'] ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`SIMULATOR_PORT must be a port number, got "${process.env['SIMULATOR_PORT']}"\n`);
  process.exit(1);
}

const sim = await createSimulator({ port, host });
const lines = [
  `Platform simulator listening on ${sim.url}`,
  `Control API: ${sim.url}/_sim/ (see src/simulator/README.md)`,
  '',
  'Platforms (base URL  |  default app client id / secret  |  default account):',
  ...sim.platforms.map((p) => {
    const c = defaultClient(p.name);
    const a = sim.state.defaultAccount(p.name);
    return `  ${p.name.padEnd(15)} ${sim.baseUrl(p.name).padEnd(40)} ${c.clientId} / ${c.clientSecret}  ${a.username} (${a.id})`;
  }),
];
process.stdout.write(`${lines.join('\n')}\n`);

const stop = () => {
  sim.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
