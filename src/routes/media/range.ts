/**
 * One byte range of a `Range: bytes=…` header (RFC 9110 §14), for serving video:
 * players and platforms ask for parts. Several ranges or a header of another unit
 * are answered with the whole file, as the RFC allows; a range wholly outside the
 * file is 416.
 */
import { AppError } from '../../errors.ts';

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export function parseRange(header: string | undefined, size: number): ByteRange | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  const unsatisfiable = () =>
    new AppError('range_not_satisfiable', `The range ${header} is outside the file of ${size} bytes`, {
      'content-range': `bytes */${size}`,
    });
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) throw unsatisfiable();
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return undefined; // invalid: ignored, the whole file is sent
  if (start >= size) throw unsatisfiable();
  return { start, end };
}
