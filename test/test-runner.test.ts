/**
 * `npm test` itself: every test of a file is counted, including the end of a file whose
 * tests all finish at once. With `--test-force-exit` the runner could exit a fast file
 * before its last results were reported: 10 to 57 of its 60 tests counted, and still
 * "fail 0", so a failing test there could go unseen.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { it } from 'node:test';

it('counts all sixty tests of a file that finishes at once, run after run', () => {
  // A runner started inside a test reports to that test's runner unless told it is on its own.
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  for (let run = 0; run < 5; run++) {
    const out = spawnSync(process.execPath, ['scripts/test.ts', 'test/test-runner/quick-tests.fixture.ts'], {
      encoding: 'utf8',
      env,
    });
    assert.equal(out.status, 0, out.stdout + out.stderr);
    assert.match(out.stdout, /ℹ tests 60\n/, `run ${run}: ${out.stdout.split('\n').slice(-10).join('\n')}`);
  }
});
