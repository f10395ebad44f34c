import bluesky from './bluesky.ts';
import callback from './callback.ts';
import { deleteRoute, listRoute, moveRoute, readRoute } from './integrations.ts';
import { readSelectionRoute, saveSelectionRoute } from './selection.ts';
import start from './start.ts';

export default [
  listRoute,
  readRoute,
  moveRoute,
  deleteRoute,
  readSelectionRoute,
  saveSelectionRoute,
  bluesky,
  start,
  callback,
];
