/**
 * A command run beside a service in sandbox mode (`cli analytics collect`) calls the
 * simulator that service started, found by the port kept under the data directory;
 * outside sandbox mode, with SIMULATOR_URL set, or with no simulator started there,
 * its settings stay as they are.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../config.ts';
import { besideRunningSandbox } from './sandbox.ts';

describe('settings beside a running sandbox', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sps-beside-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const config = (env: Record<string, string> = {}) => loadConfig({ env: { DATA_DIR: dir, ...env } });

  it('stays as it is while no sandbox simulator started here', () => {
    assert.equal(besideRunningSandbox(config()).SIMULATOR_URL, undefined);
  });

  it("names the simulator by the port the service's sandbox keeps", () => {
    mkdirSync(join(dir, 'sandbox'), { recursive: true });
    writeFileSync(join(dir, 'sandbox', 'simulator.port'), '43117\n');
    assert.equal(besideRunningSandbox(config()).SIMULATOR_URL, 'http://127.0.0.1:43117');
  });

  it('keeps SIMULATOR_URL when set, and leaves sandbox mode off alone', () => {
    assert.equal(
      besideRunningSandbox(config({ SIMULATOR_URL: 'http://127.0.0.1:9999' })).SIMULATOR_URL,
      'http://127.0.0.1:9999',
    );
    assert.equal(besideRunningSandbox(config({ SANDBOX: 'off' })).SIMULATOR_URL, undefined);
  });
});
