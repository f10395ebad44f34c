/**
 * The files the Dockerfile puts in the image, assembled in a directory without
 * Docker: its stages are read, each COPY from the build context is copied (minus
 * what .dockerignore leaves out), each COPY --from another stage takes that stage's
 * result, and a stage's RUN steps run there, except `npm ci`: the repository's
 * installed node_modules stands in for it (a superset of the production
 * dependencies, so this catches a missing project file, not a missing package).
 * A file the image lacks is then missing here too, and what runs from here fails as
 * it would in the container.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';

export interface Stage {
  name: string;
  workdir: string;
  env: Record<string, string>;
  steps: ({ copy: { from: string | null; source: string; dest: string } } | { run: string })[];
  cmd: string[];
}

/** The stages of a Dockerfile, in order (continuation lines joined, comments dropped). */
export function readStages(dockerfile: string): Stage[] {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [instruction = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    const stage = stages.at(-1);
    switch (instruction.toUpperCase()) {
      case 'FROM': {
        const as = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? String(stages.length);
        stages.push({ name: as, workdir: '/', env: {}, steps: [], cmd: [] });
        break;
      }
      case 'WORKDIR':
        if (stage) stage.workdir = args;
        break;
      case 'ENV':
        for (const [, k, v] of args.matchAll(/(\w+)=(\S+)/g)) if (stage && k && v) stage.env[k] = v;
        break;
      case 'COPY': {
        const from = /--from=(\S+)/.exec(args)?.[1] ?? null;
        const parts = args.split(/\s+/).filter((a) => !a.startsWith('--'));
        const dest = parts.pop() ?? '.';
        for (const source of parts) stage?.steps.push({ copy: { from, source, dest } });
        break;
      }
      case 'RUN':
        stage?.steps.push({ run: args });
        break;
      case 'CMD':
        if (stage) stage.cmd = JSON.parse(args) as string[];
        break;
      default:
        break;
    }
  }
  return stages;
}

/** Whether .dockerignore leaves `path` (relative to the context) out of the build context. */
function ignored(patterns: string[], path: string): boolean {
  return patterns.some((p) => {
    const re = new RegExp(`^${p.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}(/.*)?$`);
    return re.test(path);
  });
}

/**
 * Assembles stage `name` of the Dockerfile at `context` in `into` (its WORKDIR),
 * stages it copies from first. The RUN steps of a stage copied from are run (they
 * make the files taken from it); those of the stage asked for are not: they set up
 * the system (packages, users, /data), which a directory on this machine can not be.
 */
export function assembleStage(
  context: string,
  stages: Stage[],
  name: string,
  into: string,
  runSteps = false,
): Stage {
  const stage = stages.find((s) => s.name === name);
  if (!stage) throw new Error(`the Dockerfile has no stage ${name}`);
  const patterns = readFileSync(join(context, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  mkdirSync(into, { recursive: true });
  const inStage = (dest: string) =>
    join(into, posix.relative(stage.workdir, posix.resolve(stage.workdir, dest)));
  for (const step of stage.steps) {
    if ('run' in step) {
      if (!runSteps) continue;
      if (/^npm ci\b/.test(step.run)) {
        if (!existsSync(join(into, 'node_modules')))
          symlinkSync(join(context, 'node_modules'), join(into, 'node_modules'));
        continue;
      }
      execFileSync('sh', ['-c', step.run], {
        cwd: into,
        env: {
          ...process.env,
          ...stage.env,
          PATH: `${join(context, 'node_modules/.bin')}:${process.env.PATH}`,
        },
        stdio: 'pipe',
      });
      continue;
    }
    const { from, source, dest } = step.copy;
    const target =
      dest.endsWith('/') || dest === '.' || dest === './'
        ? join(inStage(dest), posix.basename(source))
        : inStage(dest);
    mkdirSync(dirname(target), { recursive: true });
    if (from) {
      const other = stages.find((s) => s.name === from);
      if (!other) throw new Error(`COPY --from=${from}: no such stage`);
      const otherDir = `${into}.stage-${from}`;
      if (!existsSync(otherDir)) assembleStage(context, stages, from, otherDir, true);
      const path = join(otherDir, posix.relative(other.workdir, source));
      // The dependencies stage's node_modules is the stand-in symlink: linked again, not copied.
      if (posix.basename(source) === 'node_modules') symlinkSync(join(context, 'node_modules'), target);
      else cpSync(path, target, { recursive: true });
      continue;
    }
    cpSync(join(context, source), target, {
      recursive: true,
      filter: (s) => {
        const rel = relative(context, s);
        return rel === '' || !ignored(patterns, rel);
      },
    });
  }
  return stage;
}
