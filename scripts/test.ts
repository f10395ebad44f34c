/**
 * `npm test`: runs every *.test.ts under src/ and test/ with Node's own test
 * runner. Extra arguments are passed on (`npm test -- --test-name-pattern=profiles`);
 * file paths given as arguments replace the default set.
 */
import { spawnSync } from 'node:child_process';
import { globSync } from 'node:fs';

const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith('-'));
const flags = args.filter((a) => a.startsWith('-'));
const targets = files.length ? files : globSync(['src/**/*.test.ts', 'test/**/*.test.ts']).sort();
const concurrency = process.env.TEST_CONCURRENCY ?? '3';

const result = spawnSync(
  process.execPath,
  [
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-timeout=120000',
    // A file whose tests are done exits even if a failed hook left a server open:
    // the run reports the failure instead of waiting for ever.
    '--test-force-exit',
    ...flags,
    ...targets,
  ],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
