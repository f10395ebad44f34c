import { readCaps, replaceCaps } from './caps.ts';
import usage from './usage.ts';

export default [usage, readCaps, replaceCaps];
