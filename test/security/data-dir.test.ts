/**
 * The embedded default's data directory is private whatever the umask: the
 * directory 0700, the database with its -wal and -shm files and the key file
 * 0600; a directory left readable by an older version is tightened at start.
 */
import assert from 'node:assert/strict';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { createContext } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createProject } from '../../src/domain/projects/projects.ts';
import { createLogger } from '../../src/log.ts';
import { migrateToLatest } from '../../src/store/migrate.ts';

const mode = (path: string) => statSync(path).mode & 0o777;
let root: string;
let umask: number;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'sps-perm-'));
  // The usual umask, which would make new files 0644 and directories 0755.
  umask = process.umask(0o022);
});
after(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

async function openAndWrite(dataDir: string): Promise<void> {
  const ctx = createContext(loadConfig({ env: { DATA_DIR: dataDir } }), { log: createLogger('silent') });
  try {
    await migrateToLatest(ctx.store);
    await createProject(ctx, 'perm');
    assert.ok(existsSync(join(dataDir, 'service.sqlite-wal')), 'the WAL file exists while the store is open');
    assert.ok(existsSync(join(dataDir, 'service.sqlite-shm')));
    checkPrivate(dataDir);
  } finally {
    await ctx.store.close();
  }
}

function checkPrivate(dataDir: string): void {
  assert.equal(mode(dataDir).toString(8), '700', 'the data directory');
  // Folders the service keeps inside it (uploaded media, sandbox state) are 0700 too.
  const walk = (dir: string): void => {
    for (const f of readdirSync(dir)) {
      const path = join(dir, f);
      if (statSync(path).isDirectory()) {
        assert.equal(mode(path).toString(8), '700', path);
        walk(path);
      } else assert.equal(mode(path).toString(8), '600', path);
    }
  };
  walk(dataDir);
  assert.ok(readdirSync(dataDir).includes('encryption.key'));
}

it('creates the data directory 0700 and every file in it 0600', async () => {
  await openAndWrite(join(root, 'fresh', 'data'));
});

it('tightens a data directory and files that others could read', async () => {
  const dir = join(root, 'old');
  mkdirSync(dir, { mode: 0o755 });
  writeFileSync(join(dir, 'service.sqlite'), '', { mode: 0o644 });
  chmodSync(dir, 0o755);
  await openAndWrite(dir);
});
