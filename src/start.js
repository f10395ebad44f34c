/**
 * The service's start command: `node src/start.js [--role api|worker|all] [--port N]`.
 * It checks the Node version first (src/node-check.js), then runs src/main.ts in
 * this same process, so a supervisor's SIGTERM reaches the service itself (no npm
 * in between to leave it running).
 */
import { nodeVersionProblem } from './node-check.js';

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
await import('./main.ts');
