/**
 * The admin CLI reads the service's settings as the service does (the environment,
 * `.env` in the working directory, flags), says on stderr which database it opened
 * and where links point (with where each setting came from), creates no database
 * for a command that needs one, and says so when a database has no projects.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

const MAIN = new URL('../src/cli/main.ts', import.meta.url).pathname;
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'sps-cli-settings-'));
  dirs.push(d);
  return d;
};

/** Runs the CLI with only PATH (and `env`) in its environment; answers its exit code and output. */
function cli(args: string[], options: { cwd: string; env?: Record<string, string> }) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [MAIN, ...args],
      { cwd: options.cwd, env: { PATH: process.env.PATH ?? '', ...options.env } },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('admin CLI settings', () => {
  after(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('creates no database for a command that needs one, and names the setting to give', async () => {
    const cwd = tempDir();
    const dataDir = join(cwd, 'elsewhere');
    const res = await cli(['member', 'list', '--project', 'proj_x'], { cwd, env: { DATA_DIR: dataDir } });
    assert.equal(res.code, 2, res.stderr);
    assert.match(
      res.stderr,
      /No database at .*elsewhere.*service\.sqlite \(DATA_DIR from the environment\): nothing was created/,
    );
    assert.equal(existsSync(join(dataDir, 'service.sqlite')), false);
  });

  it('reads --data-dir anywhere on the line, says which database it opened, and notes a first project', async () => {
    const cwd = tempDir();
    const dataDir = join(cwd, 'data-by-flag');
    const made = await cli(['project', 'create', '--data-dir', dataDir, '--name', 'acme', '--json'], { cwd });
    assert.equal(made.code, 0, made.stderr);
    assert.ok(JSON.parse(made.stdout).projectId);
    assert.match(
      made.stderr,
      /Database: sqlite .*data-by-flag.*service\.sqlite \(DATA_DIR from --data-dir\)/,
    );
    assert.match(made.stderr, /had no projects; this is its first/);
    const listed = await cli(['project', 'list', `--data-dir=${dataDir}`, '--json'], { cwd });
    assert.equal(listed.code, 0, listed.stderr);
    assert.doesNotMatch(listed.stderr, /had no projects/);
  });

  it('reads .env in the working directory as the service does: its database and its links', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, '.env'), 'DATA_DIR=./from-env\nPUBLIC_URL=https://social.example\n');
    const made = await cli(['project', 'create', '--name', 'acme', '--json'], { cwd });
    assert.equal(made.code, 0, made.stderr);
    assert.match(
      made.stderr,
      /from-env.*\(DATA_DIR from \.env\); links: https:\/\/social\.example \(PUBLIC_URL from \.env\)/,
    );
    const projectId = JSON.parse(made.stdout).projectId as string;
    const added = await cli(
      ['member', 'add', '--project', projectId, '--email', 'kim@example.com', '--role', 'editor'],
      { cwd },
    );
    assert.equal(added.code, 0, added.stderr);
    assert.match(added.stdout, /https:\/\/social\.example\//);
    assert.doesNotMatch(added.stdout, /localhost:3000/);
  });

  it('says so when the database has no projects instead of answering as if a project were missing', async () => {
    const cwd = tempDir();
    const env = { DATA_DIR: join(cwd, 'empty') };
    assert.equal((await cli(['migrate'], { cwd, env })).code, 0);
    const res = await cli(['key', 'list', '--project', 'proj_x'], { cwd, env });
    assert.equal(res.code, 2, res.stderr);
    assert.match(res.stderr, /has no projects: it is not the one the service uses/);
  });
});
