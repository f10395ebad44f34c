/**
 * Preloaded with `--import` into a process under test: appends the path of every
 * module of this repository it loads to the file named by RECORD_LOADS_TO, so a
 * test can tell what a command loaded.
 */
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

const file = process.env.RECORD_LOADS_TO;
const root = fileURLToPath(new URL('..', import.meta.url));

if (file)
  registerHooks({
    load(url, context, next) {
      if (url.startsWith('file:')) {
        const path = fileURLToPath(url);
        if (path.startsWith(root) && !path.includes('/node_modules/'))
          appendFileSync(file, `${path.slice(root.length)}\n`);
      }
      return next(url, context);
    },
  });
