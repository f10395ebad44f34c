/** Writes docs/roles.md from the route definitions' access levels: `npm run docs:roles`. */
import { writeFileSync } from 'node:fs';
import { rolesDoc } from '../src/domain/teams/route-table-doc.ts';
import { allRoutes } from '../src/routes/index.ts';

writeFileSync(new URL('../docs/roles.md', import.meta.url), rolesDoc(allRoutes));
