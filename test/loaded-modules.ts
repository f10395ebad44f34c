/**
 * Preloaded (`node --import ./test/loaded-modules.ts …`) by the start-up tests: records
 * the URL of every module the process loads, ES modules and CommonJS alike (Node's
 * in-thread module hooks see both), and writes them, one a line, to LOADED_MODULES_FILE
 * when the process exits, so a test can tell what a role's start-up brought in.
 */
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const file = process.env.LOADED_MODULES_FILE;
if (!file) throw new Error('LOADED_MODULES_FILE must name the file to write');
const loaded = new Set<string>();
registerHooks({
  load(url, context, nextLoad) {
    loaded.add(url);
    return nextLoad(url, context);
  },
});
process.on('exit', () => writeFileSync(file, [...loaded].join('\n')));
