/**
 * The service's start command: `node src/start.js [--role api|worker|all] [--port N]`.
 * It checks the Node version first (src/node-check.js), then runs src/main.ts in
 * this same process, so a supervisor's SIGTERM reaches the service itself (no npm
 * in between to leave it running).
 */
import * as nodeModule from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { nodeVersionProblem } from './node-check.js';

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
// Node keeps the compiled code of every module it loads (in NODE_COMPILE_CACHE, else the
// system's temporary directory), so a restart skips most of compiling and type stripping.
// A directory it can not write is no error: the service starts without the cache.
nodeModule.enableCompileCache?.();
// While the service starts, V8's young generation is kept from growing. Start-up keeps
// most of what it allocates (modules, schemas, routes), and V8 answers a high survival
// rate by doubling the young generation again and again, to 64 MB of memory that then
// sits empty and resident while the process idles (a fifth of an idle api process). The
// default growth (2, V8's own) is restored once the service is up, for its real work;
// an operator's own setting of the flag is left alone.
const GROWTH_FLAG = '--semi-space-growth-factor';
const operatorSet = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) =>
  a.includes(GROWTH_FLAG),
);
if (!operatorSet) setFlagsFromString(`${GROWTH_FLAG}=1`);
await import('./main.ts');
if (!operatorSet) setFlagsFromString(`${GROWTH_FLAG}=2`);
