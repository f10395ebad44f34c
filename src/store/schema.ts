/**
 * The Kysely database type: the union of each area's tables. An area adds its
 * tables in its own file under ./tables and one `extends` here.
 */
import type { AccountEventTables } from './tables/account-events.ts';
import type { AnalyticsTables } from './tables/analytics.ts';
import type { AnalyticsHistoryTables } from './tables/analytics-history.ts';
import type { ApprovalTables } from './tables/approval.ts';
import type { AuditTables } from './tables/audit.ts';
import type { ConnectTables, IntegrationRefreshColumns } from './tables/connect.ts';
import type { ConnectSessionTables } from './tables/connect-sessions.ts';
import type { CoreTables, IntegrationsTable } from './tables/core.ts';
import type { JobTables } from './tables/jobs.ts';
import type { MastodonTables } from './tables/mastodon.ts';
import type { MediaTables } from './tables/media.ts';
import type { NotificationTables } from './tables/notifications.ts';
import type { PlanningTables } from './tables/planning.ts';
import type { PostsTables } from './tables/posts.ts';
import type { PublishingTables } from './tables/publishing.ts';
import type { RateLimitTables } from './tables/rate-limits.ts';
import type { SecurityTables } from './tables/security.ts';
import type { TeamTables } from './tables/teams.ts';

export interface Database
  extends CoreTables,
    JobTables,
    NotificationTables,
    PostsTables,
    PlanningTables,
    PublishingTables,
    ConnectTables,
    ConnectSessionTables,
    SecurityTables,
    AnalyticsTables,
    AnalyticsHistoryTables,
    MediaTables,
    RateLimitTables,
    AuditTables,
    AccountEventTables,
    TeamTables,
    ApprovalTables,
    MastodonTables {
  /** The foundation's columns plus the refresh lease added by migration 0020. */
  integrations: IntegrationsTable & IntegrationRefreshColumns;
}
