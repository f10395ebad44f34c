/**
 * A file the service could not write because of the machine, not the request: no
 * space left (ENOSPC), a quota reached (EDQUOT), a file system gone read-only
 * (EROFS), a failing disk (EIO), no file handles left (EMFILE, ENFILE). The client
 * did nothing wrong and the same request succeeds once the operator has acted, so it
 * is a 503 with Retry-After, never a 400 or a 500; whoever wrote the file removes
 * what it wrote before answering.
 */
import { AppError } from '../../errors.ts';

const SERVER_SIDE = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'EMFILE', 'ENFILE']);

export function diskFault(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && SERVER_SIDE.has(code) ? code : null;
}

export function diskFaultError(code: string): AppError {
  const why =
    code === 'ENOSPC' || code === 'EDQUOT'
      ? 'The media store has no space left'
      : `The media store can not write files right now (${code})`;
  return new AppError(
    'unavailable',
    `${why}: nothing of this file was kept. Retry once the operator has freed space or fixed the disk`,
    { 'Retry-After': '30' },
  );
}
