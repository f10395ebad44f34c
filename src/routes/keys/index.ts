import create from './create.ts';
import list from './list.ts';
import revoke from './revoke.ts';

export default [list, create, revoke];
