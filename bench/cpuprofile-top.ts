/**
 * Sums the self time of a V8 `.cpuprofile` (as `--cpu-prof` writes them) by function and
 * prints the top ones with their file:line, and the share spent in each source folder
 * (idle and GC apart), so a benchmark's profile reads without DevTools.
 * `--callers NAME` also prints the call paths (source frames only) that led to NAME's
 * self time, to tell which caller a hot function works for. `--skip S` leaves out the
 * first S seconds of samples (start-up: module loading, schema compiling); `--until U`
 * the samples after U seconds (to read one phase of a benchmark that runs several).
 * `--inclusive` also prints the functions by inclusive time (their own and their callees'),
 * which tells which step of a flow costs most when its time is spread over many leaves.
 *   node bench/cpuprofile-top.ts DIR/*.cpuprofile [--top 25] [--callers spawn] [--skip 3] [--until 9] [--inclusive]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '25' },
    callers: { type: 'string' },
    skip: { type: 'string', default: '0' },
    until: { type: 'string' },
    inclusive: { type: 'boolean', default: false },
  },
});
for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const self = new Map<number, number>();
  const skipUs = Number(values.skip) * 1e6;
  const untilUs = values.until === undefined ? Number.POSITIVE_INFINITY : Number(values.until) * 1e6;
  let elapsed = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    elapsed += delta;
    if (elapsed >= skipUs && elapsed < untilUs) self.set(id, (self.get(id) ?? 0) + delta);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  const keyOf = (f: Node['callFrame']) => {
    const where = f.url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, 'node_modules/');
    const short = where.replace(/^.*?\/(src|bench)\//, '$1/');
    return {
      short,
      key: `${f.functionName || '(anonymous)'} ${short ? `${short}:${f.lineNumber + 1}` : ''}`,
    };
  };
  for (const [id, us] of self) {
    const f = byId.get(id)?.callFrame;
    if (!f) continue;
    const { short, key } = keyOf(f);
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const area = !short
      ? f.functionName
      : short.startsWith('node_modules/')
        ? short
            .split('/')
            .slice(0, short.startsWith('node_modules/@') ? 3 : 2)
            .join('/')
        : short.startsWith('node:')
          ? short
          : short.split('/').slice(0, 3).join('/');
    byArea.set(area, (byArea.get(area) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  process.stdout.write(`${file}: ${(total / 1e6).toFixed(1)} s sampled\n  top functions (self time):\n`);
  for (const [k, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
    process.stdout.write(`    ${pct(us)}  ${k}\n`);
  if (values.inclusive) {
    // Each function counted once per sample, however often it recurs on that stack.
    const inclusive = new Map<string, number>();
    for (const [id, us] of self) {
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
        const f = byId.get(at)?.callFrame;
        if (!f || f.functionName === '(root)') continue;
        const { key } = keyOf(f);
        if (seen.has(key)) continue;
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + us);
      }
    }
    process.stdout.write('  top functions (inclusive time):\n');
    for (const [k, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
      process.stdout.write(`    ${pct(us)}  ${k}\n`);
  }
  if (values.callers) {
    const paths = new Map<string, number>();
    for (const [id, us] of self) {
      if (byId.get(id)?.callFrame.functionName !== values.callers) continue;
      const frames: string[] = [];
      for (let at = parentOf.get(id); at !== undefined; at = parentOf.get(at)) {
        const f = byId.get(at)?.callFrame;
        const m = f && /\/((?:src|bench)\/.*)$/.exec(f.url);
        if (f && m) frames.push(`${f.functionName || '(anonymous)'} ${m[1]}:${f.lineNumber + 1}`);
      }
      const key = frames.join(' ← ') || '(no source frame)';
      paths.set(key, (paths.get(key) ?? 0) + us);
    }
    process.stdout.write(`  callers of ${values.callers}:\n`);
    for (const [k, us] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, 8))
      process.stdout.write(`    ${pct(us)}  ${k}\n`);
  }
  process.stdout.write('  by area:\n');
  for (const [k, us] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, 15))
    process.stdout.write(`    ${pct(us)}  ${k}\n`);
}
