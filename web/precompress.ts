// A post-build step of the dashboard: next to every text file of web/dist it writes a
// brotli (.br) and a gzip (.gz) copy, so the service sends the smaller file the
// browser accepts without compressing on each request (src/http/dashboard.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.map']);
/** Below this a compressed copy saves less than the bytes of its headers. */
const SMALLEST = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

export function precompress(dir: string): void {
  for (const file of filesUnder(dir)) {
    if (!TEXT.has(extname(file))) continue;
    const body = readFileSync(file);
    if (body.length < SMALLEST) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

/** Runs precompress on the output folder once the bundle is written. */
export function precompressPlugin(outDir: string): Plugin {
  return { name: 'precompress', apply: 'build', closeBundle: () => precompress(outDir) };
}
