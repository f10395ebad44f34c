import list from './list.ts';

export default [list];
