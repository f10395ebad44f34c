/**
 * The adapter conformance suite: the same cases for every platform module with a
 * publisher, run against the simulator, so a new publisher is held to what the
 * engine relies on (DESIGN.md "Platform modules", "Publishing, exactly once").
 * A platform joins with one small file, `src/platforms/<name>/conformance.test.ts`,
 * that calls `describeConformance(spec)`. Its own adapter.test.ts then keeps only
 * what is specific to it (options, media details, its reconcile quirks).
 *
 * Two parts:
 * - adapter cases (conformance-adapter.ts), in process through the adapter harness:
 *   each kind of post the platform takes; each error class as the adapter must
 *   classify it; reconcile after a create whose answer timed out or never came;
 *   resume after a crash right after each checkpointed step; delete, twice.
 * - engine cases (conformance-engine.ts), through the real service on SQLite and
 *   PostgreSQL pointed at the simulator in sandbox mode: a refused token refreshed
 *   once, a rate limit waited out, a 5xx to the create retried; one post each time.
 */
import { describeAdapterConformance } from './conformance-adapter.ts';
import { describeEngineConformance } from './conformance-engine.ts';
import type { ConformanceSpec } from './conformance-spec.ts';

export type { CallMatch, ConformanceSample, ConformanceSpec, PostKind } from './conformance-spec.ts';

/** Declares the conformance suites of one platform (adapter and engine parts). */
export function describeConformance(spec: ConformanceSpec): void {
  describeAdapterConformance(spec);
  describeEngineConformance(spec);
}
