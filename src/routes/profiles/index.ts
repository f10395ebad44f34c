import create from './create.ts';
import remove from './delete.ts';
import list from './list.ts';
import read from './read.ts';
import update from './update.ts';

export default [create, list, read, update, remove];
