/**
 * The value set `Platform`: the contract's ten and the networks added beyond it. It
 * lives in src/facts/platforms.ts, which the simulator reads too; the service keeps
 * importing it from here.
 */
export {
  ADDED_PLATFORMS,
  CONTRACT_PLATFORMS,
  type ContractPlatform,
  isContractPlatform,
  isPlatform,
  PLATFORMS,
  type Platform,
} from '../facts/platforms.ts';
