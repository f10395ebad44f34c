import create from './create.ts';
import remove from './delete.ts';
import deliveries from './deliveries.ts';
import list from './list.ts';
import read from './read.ts';
import redeliver from './redeliver.ts';
import testDestination from './test-destination.ts';
import testSaved from './test-saved.ts';
import update from './update.ts';

export default [create, list, testDestination, read, update, remove, testSaved, deliveries, redeliver];
