import usage from './usage.ts';

export default [usage];
