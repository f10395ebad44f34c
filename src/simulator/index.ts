/**
 * The platform simulator's public surface. See README.md.
 */
export type { CallFilter, SimCall } from './core/calls.ts';
export type { ActiveFault, FaultRule, RateLimitOptions } from './core/faults.ts';
export {
  type AuthContext,
  allParams,
  authOf,
  headerValue,
  json,
  readMultipart,
  type SimRequest,
  type SimResponse,
} from './core/http.ts';
export { lowerId, numericId, randomToken } from './core/ids.ts';
export type { PlatformProfile, RegisterFn, TokenProblem } from './core/profile.ts';
export type { RouteOptions, SimHandler, SimRouter } from './core/router.ts';
export { createSimulator, startSimulator } from './core/simulator.ts';
export type { Simulator, SimulatorOptions, TokenCheck } from './core/simulator-api.ts';
export { defaultClient, type SimState, type TokenFilter } from './core/state.ts';
export type * from './core/types.ts';
