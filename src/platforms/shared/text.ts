/**
 * Text length as each platform counts it. The rules live in src/facts/text-length.ts,
 * which the simulator reads too (X's weighted length); adapters and validation keep
 * importing them from here.
 */
export {
  codePointLength,
  findUrls,
  graphemeLength,
  threadsLength,
  utf8Length,
  utf16Length,
  xWeightedLength,
} from '../../facts/text-length.ts';
