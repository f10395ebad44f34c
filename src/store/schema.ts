/**
 * The Kysely database type: the union of each area's tables. An area adds its
 * tables in its own file under ./tables and one `extends` here.
 */
import type { ConnectTables, IntegrationRefreshColumns } from './tables/connect.ts';
import type { CoreTables, IntegrationsTable } from './tables/core.ts';

export interface Database extends CoreTables, ConnectTables {
  /** The foundation's columns plus the refresh lease added by migration 0020. */
  integrations: IntegrationsTable & IntegrationRefreshColumns;
}
