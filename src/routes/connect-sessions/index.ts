import create from './create.ts';

export default [create];
