import bluesky from './bluesky.ts';
import callback from './callback.ts';
import health from './health.ts';
import { deleteRoute, listRoute, moveRoute, readRoute } from './integrations.ts';
import { selectionRoutes } from './selection.ts';
import start from './start.ts';
import telegram from './telegram.ts';

export default [
  listRoute,
  health,
  readRoute,
  moveRoute,
  deleteRoute,
  ...selectionRoutes,
  bluesky,
  telegram,
  start,
  callback,
];
