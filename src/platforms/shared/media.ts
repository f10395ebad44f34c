/**
 * The adapters' door to the media pipeline. Staging fails with MediaErrors, which
 * know nothing of platforms; here, at the adapter edge, they become PlatformErrors
 * with today's classes and messages (the message names the item): a source that
 * may answer later (`unreachable`, `timeout`) is `transient`, anything else about
 * the item is `permanent`. Adapters stage through these helpers, never through
 * `ctx.media.stage` directly, so no MediaError reaches the publishing engine.
 */
import { MediaError } from '../../media/errors.ts';
import type { MediaSource } from '../../media/kinds.ts';
import { type MediaStager, type StagedMedia, stageAll as stageAllMedia } from '../../media/stage.ts';
import { assertThumbnail as assertThumbnailMedia } from '../../media/thumbnail.ts';
import { PlatformError } from '../contract.ts';

export { disposeAll } from '../../media/stage.ts';

/** A MediaError as the PlatformError the engine acts on; any other error as it is. */
export function mediaToPlatformError(err: unknown): unknown {
  if (!(err instanceof MediaError)) return err;
  const temporary = err.kind === 'unreachable' || err.kind === 'timeout';
  return new PlatformError(temporary ? 'transient' : 'permanent', err.message);
}

async function asPlatformErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw mediaToPlatformError(err);
  }
}

/** Stages one item (see MediaStager.stage); failures are PlatformErrors naming it. */
export const stageOne = (
  stager: MediaStager,
  item: MediaSource,
  label: string,
  signal: AbortSignal,
): Promise<StagedMedia> => asPlatformErrors(() => stager.stage(item, label, signal));

/** Stages several items, disposing of those already staged when one fails; failures are PlatformErrors. */
export const stageAll = (
  stager: MediaStager,
  items: readonly MediaSource[],
  signal: AbortSignal,
  labelOf?: (index: number) => string,
): Promise<StagedMedia[]> => asPlatformErrors(() => stageAllMedia(stager, items, signal, labelOf));

/** The thumbnail rules (src/media/thumbnail.ts); a thumbnail that breaks them is a permanent PlatformError. */
export function assertThumbnail(staged: StagedMedia): void {
  try {
    assertThumbnailMedia(staged);
  } catch (err) {
    throw mediaToPlatformError(err);
  }
}
