/**
 * `npm run client:generate`: writes the OpenAPI document of the service as it is
 * now (built in process, no port opened, throwaway SQLite storage) to
 * client/openapi.json and its TypeScript types to client/openapi.d.ts.
 * `npm run client:check` (with --check) writes nothing and fails when the
 * committed files differ from what the service documents now.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext, startService } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/log.ts';
import { generateTypes } from './openapi-types.ts';

const check = process.argv.includes('--check');
const root = new URL('../client/', import.meta.url);

async function currentDocument(): Promise<unknown> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-openapi-'));
  try {
    // Settings only change what the service does, not what the document says; these make it start alone.
    const config = loadConfig({
      env: {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        ROLE: 'api',
      },
    });
    const ctx = createContext(config, { log: createLogger('silent') });
    const service = await startService(ctx, { listen: false, rateLimit: false });
    try {
      const res = await service.server?.inject({ method: 'GET', url: '/openapi.json' });
      if (res?.statusCode !== 200) throw new Error(`GET /openapi.json answered ${res?.statusCode}`);
      return JSON.parse(res.body);
    } finally {
      await service.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const doc = await currentDocument();
const files: Record<string, string> = {
  'openapi.json': `${JSON.stringify(doc, null, 2)}\n`,
  'openapi.d.ts': generateTypes(doc as Parameters<typeof generateTypes>[0]),
};

let stale = 0;
for (const [name, text] of Object.entries(files)) {
  const url = new URL(name, root);
  if (!check) {
    writeFileSync(url, text);
    continue;
  }
  let committed = '';
  try {
    committed = readFileSync(url, 'utf8');
  } catch {
    // A missing file is as stale as a different one.
  }
  if (committed !== text) {
    stale++;
    process.stderr.write(`client/${name} does not match the service's OpenAPI document\n`);
  }
}
if (stale > 0) {
  process.stderr.write('Run `npm run client:generate` and commit client/.\n');
  process.exit(1);
}
if (!check) process.stdout.write('client/openapi.json and client/openapi.d.ts written\n');
