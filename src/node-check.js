/**
 * Which Node can run the service, checked before any TypeScript is loaded. Plain
 * JavaScript on purpose: an older Node can not even read a .ts file, and would
 * otherwise stop with "Unknown file extension .ts" instead of saying what it needs.
 * Node runs the TypeScript sources directly from 22.18 (type stripping on by default).
 */
export const MINIMUM_NODE = '22.18.0';

/** A sentence for the operator when `version` (such as "20.20.2") is too old; null when it will do. */
export function nodeVersionProblem(version) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [needMajor, needMinor] = MINIMUM_NODE.split('.').map(Number);
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return (
    `This service needs Node.js ${MINIMUM_NODE} or newer (it runs its TypeScript sources directly); ` +
    `this is Node.js ${version}. Install Node 24, or use the Node the project pins: ` +
    'npm start, or node_modules/.bin/node src/start.js after npm ci.'
  );
}
