import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { rolesDoc } from '../../src/domain/teams/route-table-doc.ts';
import { allRoutes } from '../../src/routes/index.ts';

it('docs/roles.md is the table the route definitions make (npm run docs:roles rewrites it)', () => {
  const written = readFileSync(new URL('../../docs/roles.md', import.meta.url), 'utf8');
  assert.equal(written, rolesDoc(allRoutes), 'docs/roles.md is stale: run npm run docs:roles');
});
