/**
 * The service's start command: `node src/start.js [--role api|worker|all] [--port N]`.
 * It checks the Node version first (src/node-check.js), then runs src/main.ts in
 * this same process, so a supervisor's SIGTERM reaches the service itself (no npm
 * in between to leave it running).
 */
import * as nodeModule from 'node:module';
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
await import('./main.ts');
