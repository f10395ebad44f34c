/**
 * Every setting of the service, validated once at start.
 *
 * Settings come from the process environment, from an optional `.env` file in the
 * working directory, and from command-line flags (`--role worker`, `--port 8080`).
 * An unknown key in `.env`, an unknown flag, or a malformed value stops the start
 * with a message that names it. The parsed object is passed down; nothing below
 * `main.ts` reads `process.env`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigError } from './config-error.ts';
import type { PlatformModule } from './platforms/module.ts';
import { PLATFORMS, type Platform } from './platforms/names.ts';
import { PLATFORM_MODULES } from './platforms/registry.ts';

type Kind = 'string' | 'int' | 'bool' | 'enum' | 'url' | 'list';

interface SettingSpec {
  kind: Kind;
  default?: string;
  values?: readonly string[];
  min?: number;
  max?: number;
  /** For string settings: the form the value must have, and how to describe it. */
  pattern?: { re: RegExp; says: string };
  help: string;
  secret?: boolean;
}

/**
 * Platforms whose module connects with OAuth, so the service registers an app there
 * (Bluesky logs in with app passwords): read from the platform modules. The type
 * names every platform, since a module's own types refer to Config.
 */
type OAuthPlatformKey = Uppercase<Exclude<Platform, 'mastodon'>>;
// Mastodon registers its app on each instance itself (src/domain/connect/mastodon-apps.ts): no setting.
const OAUTH_PLATFORM_KEYS: OAuthPlatformKey[] = PLATFORMS.filter(
  (p) => PLATFORM_MODULES[p].auth.method === 'oauth2' && p !== 'mastodon',
).map((p) => p.toUpperCase() as OAuthPlatformKey);
type PlatformSettingName =
  `${OAuthPlatformKey}_${'CLIENT_ID' | 'CLIENT_SECRET' | 'AUTH_BASE_URL' | 'API_BASE_URL'}`;

/**
 * Per platform: the service's OAuth app (client id and secret) and, optionally,
 * other hosts than the real ones. A platform without a client id and secret runs
 * in sandbox mode against the simulator (see src/platforms/endpoints.ts).
 */
interface PlatformSettingSpec {
  kind: 'string' | 'url';
  help: string;
  secret?: boolean;
}

function platformSettings(): Record<PlatformSettingName, PlatformSettingSpec> {
  const out: Partial<Record<PlatformSettingName, PlatformSettingSpec>> = {};
  for (const key of OAUTH_PLATFORM_KEYS) {
    const name = key.toLowerCase();
    out[`${key}_CLIENT_ID`] = { kind: 'string', help: `Client id of the service's ${name} OAuth app.` };
    out[`${key}_CLIENT_SECRET`] = {
      kind: 'string',
      secret: true,
      help: `Client secret of the service's ${name} OAuth app.`,
    };
    out[`${key}_AUTH_BASE_URL`] = {
      kind: 'url',
      help: `Base URL of the ${name} authorization page the user opens; default: the real host.`,
    };
    out[`${key}_API_BASE_URL`] = {
      kind: 'url',
      help: `Base URL for every server-to-server ${name} call (token and API hosts); default: the real hosts.`,
    };
  }
  return out as Record<PlatformSettingName, PlatformSettingSpec>;
}

/** The catalog of settings. `.env.example` documents the same list (a test keeps them in step). */
export const SETTINGS = {
  PORT: { kind: 'int', default: '3000', min: 0, max: 65535, help: 'HTTP port of the API.' },
  HOST: { kind: 'string', default: '127.0.0.1', help: 'Address the API listens on (0.0.0.0 for all).' },
  ROLE: {
    kind: 'enum',
    default: 'all',
    values: ['all', 'api', 'worker'],
    help: 'What this process runs: the HTTP API, the job worker, or both.',
  },
  DATA_DIR: { kind: 'string', default: './data', help: 'Directory for the SQLite database and key files.' },
  DATABASE_URL: {
    kind: 'url',
    help: 'postgres://user@host:5432/db to run on PostgreSQL; SQLite under DATA_DIR when unset.',
    secret: true,
  },
  DATABASE_CONNECT_TIMEOUT_MS: {
    kind: 'int',
    default: '2000',
    min: 100,
    help: 'Longest wait for a PostgreSQL connection (opening one, or a free one from the pool); past it the request answers 503.',
  },
  DATABASE_STATEMENT_TIMEOUT_MS: {
    kind: 'int',
    default: '2000',
    min: 0,
    help: 'Longest a PostgreSQL statement on the request path (requests and the jobs they wait on) may run (statement_timeout; the client gives up on a silent connection 1 s later); past it the request answers 503. 0: no limit. Maintenance has its own: DATABASE_MAINTENANCE_TIMEOUT_MS.',
  },
  DATABASE_MAINTENANCE_TIMEOUT_MS: {
    kind: 'int',
    default: '300000',
    min: 0,
    help: "Longest one PostgreSQL statement of background maintenance (retention sweeps, which delete in chunks of 1,000 rows) may run. 0: no limit. Migrations and the CLI's commands run with no limit.",
  },
  PUBLIC_URL: {
    kind: 'url',
    help: 'Base URL clients reach the service at (OAuth callbacks, links in webhooks). Default http://localhost:PORT.',
  },
  LOG_LEVEL: {
    kind: 'enum',
    default: 'info',
    values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    help: 'pino log level.',
  },
  BODY_LIMIT_BYTES: { kind: 'int', default: '1048576', min: 1024, help: 'Largest accepted request body.' },
  RATE_LIMIT_MAX: {
    kind: 'int',
    default: '600',
    min: 1,
    help: 'Requests allowed per access key per RATE_LIMIT_WINDOW_MS.',
  },
  RATE_LIMIT_WINDOW_MS: { kind: 'int', default: '60000', min: 1000, help: 'Rate-limit window.' },
  ENCRYPTION_KEY: {
    kind: 'string',
    help: 'Base64 of 32 bytes used to encrypt tokens and secrets at rest. Default: a key file created in DATA_DIR.',
    secret: true,
  },
  ENCRYPTION_PREVIOUS_KEYS: {
    kind: 'list',
    default: '',
    help: 'Comma-separated base64 keys that sealed values may still be under while `cli rotate-key` moves them to ENCRYPTION_KEY (read only).',
    secret: true,
  },
  OUTBOUND_ALLOWLIST: {
    kind: 'list',
    default: '',
    help: 'Hosts or CIDRs that outbound requests to user-supplied URLs may reach even though private (e.g. 127.0.0.1,::1).',
  },
  MEDIA_MAX_BYTES: {
    kind: 'int',
    default: '5368709120',
    min: 1,
    help: 'Largest media file fetched for publishing (bytes); media go through local disk, never whole in memory.',
  },
  MEDIA_FETCH_TIMEOUT_MS: {
    kind: 'int',
    default: '600000',
    min: 1000,
    help: 'Time allowed to fetch one media item, body included.',
  },
  MONTHLY_CREDITS: {
    kind: 'int',
    default: '1000',
    min: 0,
    help: 'Credits each project may spend per month.',
  },
  SHUTDOWN_TIMEOUT_MS: {
    kind: 'int',
    default: '10000',
    min: 0,
    help: 'How long SIGTERM waits for in-flight work before exiting.',
  },
  JOBS_CONCURRENCY: {
    kind: 'int',
    // Jobs in flight mostly wait for shared group commits and platform answers; the
    // more of them, the fuller each commit (measured: 64 → 256 is +20% on SQLite, +40% on PostgreSQL).
    default: '256',
    min: 1,
    help: 'Jobs one worker process runs at once.',
  },
  JOBS_PER_PLATFORM: {
    kind: 'int',
    default: '128',
    min: 1,
    help: 'Jobs one worker process runs at once against the same platform.',
  },
  JOBS_PER_ACCOUNT: {
    kind: 'int',
    default: '4',
    min: 1,
    help: 'Jobs one worker process runs at once for the same connected account.',
  },
  JOBS_POLL_MS: {
    kind: 'int',
    default: '250',
    min: 10,
    help: 'How often an idle worker looks for due jobs (jobs enqueued by the same process start at once).',
  },
  JOBS_LEASE_MS: {
    kind: 'int',
    default: '30000',
    min: 200,
    help: 'How long a claimed job stays reserved without renewal; after a worker dies, others take its jobs after this.',
  },
  PUBLISH_WAIT_MS: {
    kind: 'int',
    default: '5000',
    min: 0,
    help: 'How long POST /v1/posts waits for publish-now targets before answering with what it knows.',
  },
  ANALYTICS_MAX_AGE_SECONDS: {
    kind: 'int',
    default: '900',
    min: 0,
    help: 'How old cached post metrics may be before GET /v1/analytics/ asks the platform again.',
  },
  ANALYTICS_WAIT_MS: {
    kind: 'int',
    default: '3000',
    min: 0,
    help: 'How long GET /v1/analytics/ waits for a metrics refresh before answering with the cached values.',
  },
  PUBLISH_MAX_ATTEMPTS: {
    kind: 'int',
    default: '5',
    min: 1,
    help: 'Attempts a target gets against transient platform errors before it fails.',
  },
  PUBLISH_ATTEMPT_TIMEOUT_MS: {
    kind: 'int',
    default: '120000',
    min: 100,
    help: 'Longest one publish attempt may take; a platform call still open then is treated as an unknown outcome and reconciled.',
  },
  PUBLISH_RETRY_BASE_MS: {
    kind: 'int',
    default: '2000',
    min: 1,
    help: 'Backoff before the second attempt of a target; it doubles per attempt (with jitter, at most 5 minutes).',
  },
  PUBLISH_PENDING_TIMEOUT_MS: {
    kind: 'int',
    default: '7200000',
    min: 1,
    help: 'Longest a target may stay pending while its platform processes the post (containers, video processing); it fails after that.',
  },
  METRICS_ENABLED: { kind: 'bool', default: 'true', help: 'Serve Prometheus metrics at /metrics.' },
  METRICS_PORT: {
    kind: 'int',
    min: 0,
    max: 65535,
    help: 'Also serve /metrics alone on this port (on HOST): how a --role worker process, which has no HTTP server, is scraped. Unset: only on the API port.',
  },
  SANDBOX: {
    kind: 'enum',
    default: 'auto',
    values: ['auto', 'off'],
    help: 'auto: platforms without client credentials use the simulator (started beside the service unless SIMULATOR_URL is set); off: they are unavailable.',
  },
  SIMULATOR_URL: {
    kind: 'url',
    help: 'A running simulator for sandbox platforms (npm run simulator); default: one started in process.',
  },
  SIMULATOR_PORT: {
    kind: 'int',
    default: '0',
    min: 0,
    max: 65535,
    help: 'Port of the simulator started beside the service in sandbox mode; 0 (the default) takes a free one, so several copies run on one machine (the start log gives its URL). `npm run simulator` alone listens on 4100 unless set.',
  },
  BLUESKY_PDS_URL: {
    kind: 'url',
    help: 'Bluesky server (PDS) to log in at. Default https://bsky.social, or the simulator in sandbox mode.',
  },
  LINKEDIN_API_VERSION: {
    kind: 'string',
    default: '202605',
    pattern: { re: /^\d{6}$/, says: 'a LinkedIn API version YYYYMM such as 202605' },
    help: 'LinkedIn-Version header of every LinkedIn call. The default is the version whose reference pages the contract check was read at (src/simulator/contracts/linkedin.json). LinkedIn retires a version after about a year (426 NONEXISTENT_VERSION): move to a newer one before then, with the pages read again.',
  },
  PLATFORM_TIMEOUT_MS: {
    kind: 'int',
    default: '15000',
    min: 100,
    help: 'Time limit of one call to a platform during connecting and token refresh.',
  },
  OAUTH_STATE_TTL_SECONDS: {
    kind: 'int',
    default: '900',
    min: 30,
    help: 'How long a connect URL stays usable.',
  },
  SELECTION_TOKEN_TTL_SECONDS: {
    kind: 'int',
    default: '900',
    min: 30,
    help: 'How long a Facebook/LinkedIn selection token stays usable.',
  },
  // Hosted connect page (POST /v1/connect/sessions).
  CONNECT_SESSION_TTL_SECONDS: {
    kind: 'int',
    default: '1800',
    min: 60,
    help: 'How long a hosted connect link (POST /v1/connect/sessions) stays usable; it also dies once the customer finishes.',
  },
  // Platforms' operational state (GET /v1/platforms `operational`), from final publish outcomes of all projects.
  PLATFORM_HEALTH_WINDOW_MINUTES: {
    kind: 'int',
    default: '30',
    min: 1,
    max: 1440,
    help: "The last minutes of publish outcomes a platform's operational state is measured on.",
  },
  PLATFORM_HEALTH_MIN_ATTEMPTS: {
    kind: 'int',
    default: '10',
    min: 1,
    help: 'Fewer outcomes than this in the window say nothing: the platform counts as operational.',
  },
  PLATFORM_DEGRADED_ERROR_PERCENT: {
    kind: 'int',
    default: '10',
    min: 1,
    max: 100,
    help: 'Share of outcomes failed because of the platform (percent) from which it is degraded.',
  },
  PLATFORM_OUTAGE_ERROR_PERCENT: {
    kind: 'int',
    default: '50',
    min: 1,
    max: 100,
    help: 'Share of outcomes failed because of the platform (percent) from which it is in an outage.',
  },
  PLATFORM_HEALTH_CACHE_SECONDS: {
    kind: 'int',
    default: '5',
    min: 0,
    max: 300,
    help: "How long one reading of the platforms' operational state is reused before it is read again.",
  },
  TOKEN_REFRESH_MARGIN_SECONDS: {
    kind: 'int',
    default: '600',
    min: 0,
    help: 'An access token this close to expiry is refreshed before use.',
  },
  TOKEN_REFRESH_INTERVAL_SECONDS: {
    kind: 'int',
    default: '300',
    min: 10,
    help: 'How often the worker looks for tokens about to expire and refreshes them.',
  },
  ...platformSettings(),
  // After the OAuth platforms' settings: Telegram has no OAuth app, only this host.
  TELEGRAM_API_BASE_URL: {
    kind: 'url',
    help: 'Telegram Bot API server the bots are called at. Default https://api.telegram.org, or the simulator in sandbox mode (a self-hosted Bot API server takes larger files).',
  },
  REDDIT_USER_AGENT: {
    kind: 'string',
    default: 'server:social-publishing-service:v1 (multi-network publisher)',
    help: 'User-Agent of every Reddit call, as Reddit requires: <platform>:<app id>:<version> (by /u/<your Reddit username>). The default names the service without an owner, which Reddit may throttle: set your own before real use.',
  },
  MASTODON_INSTANCE_URL: {
    kind: 'url',
    help: 'Mastodon instance used when GET /v1/connect/mastodon names none. Default: the simulator in sandbox mode, else the instance must be named.',
  },
  MASTODON_APP_NAME: {
    kind: 'string',
    default: 'Social publishing service',
    help: 'The app name the service registers on each Mastodon instance (shown under statuses it publishes).',
  },
  MASTODON_INSTANCES_MAX: {
    kind: 'int',
    default: '2000',
    min: 1,
    max: 1000000,
    help: 'At most this many Mastodon instances the service registers its app on (one row each); a connect to a further instance is refused.',
  },
  MASTODON_NEW_INSTANCES_PER_DAY: {
    kind: 'int',
    default: '10',
    min: 1,
    max: 10000,
    help: 'How many instances not yet known one project may make the service register on in 24 hours.',
  },
  SMTP_URL: {
    kind: 'url',
    help: 'SMTP server for e-mail notifications (smtp://user:pass@host:587 or smtps://…); e-mail subscriptions are refused when unset.',
    secret: true,
  },
  NOTIFICATIONS_EMAIL_FROM: {
    kind: 'string',
    default: 'Social Publishing <notifications@localhost>',
    help: 'Sender address of notification e-mails.',
  },
  WEBHOOK_TIMEOUT_MS: {
    kind: 'int',
    default: '10000',
    min: 1,
    help: 'How long one webhook delivery attempt may take before it counts as failed.',
  },
  NOTIFICATION_RETRY_DELAYS_MS: {
    kind: 'list',
    default: '30000,300000',
    help: 'Waits before the 2nd, 3rd … delivery attempt, in ms; their count plus one is the number of attempts.',
  },
  NOTIFICATION_POLL_MS: {
    kind: 'int',
    default: '250',
    min: 10,
    help: "How often the worker looks for new events in the publishing engine's outbox.",
  },
  NOTIFICATION_HISTORY_DAYS: {
    kind: 'int',
    default: '30',
    min: 1,
    help: 'Days finished webhook/e-mail deliveries (the deliveries log) and dispatched outbox events are kept before workers remove them.',
  },
  AUDIT_RETENTION_DAYS: {
    kind: 'int',
    default: '365',
    min: 1,
    help: 'Days the audit log (GET /v1/audit: who changed what, when, from where) keeps an entry before workers remove it.',
  },
  // Analytics history and platform spend.
  ANALYTICS_SNAPSHOT_HOURS: {
    kind: 'int',
    default: '24',
    min: 1,
    max: 168,
    help: "Hours between two snapshots of a connected account's counts (followers, posts...) for its analytics history.",
  },
  ANALYTICS_RETENTION_DAYS: {
    kind: 'int',
    default: '730',
    min: 31,
    help: 'Days account and post snapshots of the analytics history are kept before workers remove them.',
  },
  PLATFORM_PRICES: {
    kind: 'list',
    default: '',
    help: "Changes a platform's price of one kind of call (money the platform charges, in its module's currency), as platform.callKind=amount, comma-separated (twitter.post_create=0.015). GET /v1/usage lists the kinds and prices in use.",
  },
  // Account and engagement events (account.*, comment.received, message.received).
  ACCOUNT_TOKEN_EXPIRY_WARNING_DAYS: {
    kind: 'int',
    default: '7',
    min: 1,
    max: 365,
    help: 'account.token_expiring is sent (once per token) when a token the service can not renew without the user expires within this many days.',
  },
  ACCOUNT_TOKEN_EXPIRY_CHECK_SECONDS: {
    kind: 'int',
    default: '3600',
    min: 10,
    help: 'How often the worker looks for tokens that will expire without renewal (account.token_expiring).',
  },
  ENGAGEMENT_POLL_SECONDS: {
    kind: 'int',
    default: '30',
    min: 5,
    help: 'How often the worker polls recently published posts for new comments and Instagram for new messages (comment.received, message.received), on platforms that do not push them by webhook (no META_WEBHOOK_VERIFY_TOKEN) and in sandbox mode.',
  },
  ENGAGEMENT_POLL_WINDOW_DAYS: {
    kind: 'int',
    default: '14',
    min: 1,
    max: 90,
    help: 'Only posts published through the service within this many days are polled for new comments.',
  },
  META_WEBHOOK_VERIFY_TOKEN: {
    kind: 'string',
    secret: true,
    help: 'The verify token registered with the Meta webhooks (Facebook Pages, Instagram, Threads) whose callback is PUBLIC_URL/v1/webhooks/meta; when set, comments and messages of those platforms arrive by webhook and are not polled for (except in sandbox mode).',
  },
  META_WEBHOOK_APP_SECRETS: {
    kind: 'list',
    default: '',
    help: 'App secrets Meta signs webhook deliveries with (X-Hub-Signature-256), comma-separated; default: FACEBOOK_, INSTAGRAM_ and THREADS_CLIENT_SECRET (the sandbox app in sandbox mode).',
    secret: true,
  },
  MEDIA_STORAGE: {
    kind: 'enum',
    default: 'local',
    values: ['local', 's3'],
    help: 'Where uploaded media (POST /v1/media/upload) and AI images are kept: local disk under DATA_DIR/media, served by the service itself, or an S3-compatible bucket (S3_* settings).',
  },
  MEDIA_UPLOAD_URL_TTL_SECONDS: {
    kind: 'int',
    default: '900',
    min: 30,
    help: 'How long an upload URL from POST /v1/media/upload stays usable.',
  },
  MEDIA_RETENTION_DAYS: {
    kind: 'int',
    default: '30',
    min: 1,
    help: 'Uploaded media that no post references is deleted this many days after it was uploaded.',
  },
  S3_ENDPOINT: {
    kind: 'url',
    help: 'S3-compatible endpoint (MinIO, R2, ...); default: AWS S3 of S3_REGION.',
  },
  S3_REGION: { kind: 'string', default: 'us-east-1', help: 'S3 region (auto for R2).' },
  S3_BUCKET: { kind: 'string', help: 'Bucket holding uploaded media when MEDIA_STORAGE=s3.' },
  S3_ACCESS_KEY_ID: { kind: 'string', help: 'Access key id for the bucket.' },
  S3_SECRET_ACCESS_KEY: { kind: 'string', secret: true, help: 'Secret access key for the bucket.' },
  S3_FORCE_PATH_STYLE: {
    kind: 'bool',
    default: 'false',
    help: 'Address the bucket as ENDPOINT/BUCKET/KEY instead of BUCKET.ENDPOINT/KEY (MinIO and most self-hosted stores need true).',
  },
  S3_PUBLIC_URL: {
    kind: 'url',
    help: 'Base URL the platforms read stored objects at (a public bucket or CDN): the object URL is S3_PUBLIC_URL/KEY. Default: the endpoint and bucket.',
  },
  // Sign-in of people (the dashboard): sessions, lockout, invitations, OpenID Connect.
  OWNER_EMAIL: {
    kind: 'string',
    pattern: { re: /^[^\s@]+@[^\s@]+$/, says: 'an e-mail address' },
    help: 'On the first start (empty database), make this person the owner of project default and log a one-time link to set their password. Later: npm run cli -- member add.',
  },
  SESSION_IDLE_MINUTES: {
    kind: 'int',
    default: '120',
    min: 1,
    help: 'A dashboard session ends after this long without a request.',
  },
  SESSION_MAX_HOURS: {
    kind: 'int',
    default: '168',
    min: 1,
    help: 'A dashboard session ends this long after sign-in, however active.',
  },
  SIGNIN_DELAY_AFTER_FAILURES: {
    kind: 'int',
    default: '5',
    min: 1,
    help: 'After this many wrong passwords in a row (per e-mail, and per address), each next attempt must wait longer (1 s, 2 s, 4 s… up to 60 s).',
  },
  SIGNIN_LOCK_AFTER_FAILURES: {
    kind: 'int',
    default: '10',
    min: 1,
    help: 'After this many wrong passwords in a row, sign-in for that e-mail (or from that address) is locked for SIGNIN_LOCK_MINUTES.',
  },
  SIGNIN_LOCK_MINUTES: { kind: 'int', default: '15', min: 1, help: 'How long a sign-in lock lasts.' },
  PASSWORD_SCRYPT_LOG2_N: {
    kind: 'int',
    default: '15',
    min: 10,
    max: 20,
    help: 'scrypt cost of new password hashes as a power of two (15: 32 MiB and about 0.1 s per hash). Stored hashes keep the cost they were made with.',
  },
  INVITATION_TTL_HOURS: {
    kind: 'int',
    default: '168',
    min: 1,
    help: 'How long an invitation link can be accepted.',
  },
  PASSWORD_RESET_TTL_MINUTES: {
    kind: 'int',
    default: '60',
    min: 5,
    help: 'How long a password-reset link works.',
  },
  OIDC_ISSUER: {
    kind: 'url',
    help: 'OpenID Connect issuer for "Sign in with…" on the dashboard (its discovery document is read at sign-in); the verified e-mail of the ID token must be a member. Unset: e-mail and password only.',
  },
  OIDC_CLIENT_ID: { kind: 'string', help: 'Client id of the service at OIDC_ISSUER.' },
  OIDC_CLIENT_SECRET: { kind: 'string', secret: true, help: 'Client secret of the service at OIDC_ISSUER.' },
  OIDC_STARTS_PER_ADDRESS: {
    kind: 'int',
    default: '20',
    min: 1,
    help: 'How many OpenID Connect sign-ins one client address may have open (started, not finished, not expired: 10 minutes each); the next start answers 429.',
  },
  OIDC_LABEL: {
    kind: 'string',
    default: 'single sign-on',
    help: 'Name of the OIDC provider on the sign-in button ("Sign in with …").',
  },
  AI_BASE_URL: {
    kind: 'url',
    help: 'OpenAI-compatible API for /v1/ai (https://api.openai.com/v1, Ollama http://127.0.0.1:11434/v1, vLLM, llama.cpp). Default: the simulator in sandbox mode, else the AI endpoints answer 503.',
  },
  AI_API_KEY: {
    kind: 'string',
    secret: true,
    help: 'Bearer key for AI_BASE_URL (local servers usually need none).',
  },
  AI_TEXT_MODEL: { kind: 'string', default: 'gpt-4o-mini', help: 'Chat model that writes captions.' },
  AI_IMAGE_MODEL: { kind: 'string', default: 'gpt-image-1', help: 'Image model of /v1/ai/image.' },
  AI_TIMEOUT_MS: {
    kind: 'int',
    default: '60000',
    min: 100,
    help: 'Longest one call to the AI provider may take; a timed-out generation is not charged.',
  },
  // Approval: client review links (domain/approval).
  REVIEW_LINK_TTL_HOURS: {
    kind: 'int',
    default: '168',
    min: 1,
    help: 'How long a client review link works when it is created without expiresAt or ttlHours (a week).',
  },
  REVIEW_LINK_MAX_TTL_HOURS: {
    kind: 'int',
    default: '2160',
    min: 1,
    help: 'The longest life a client review link may be given (90 days); a longer one is refused.',
  },
} as const satisfies Record<string, SettingSpec>;

export type SettingName = keyof typeof SETTINGS;

type ValueOf<S extends SettingSpec> = S['kind'] extends 'int'
  ? number
  : S['kind'] extends 'bool'
    ? boolean
    : S['kind'] extends 'list'
      ? string[]
      : S extends { values: readonly (infer V)[] }
        ? V
        : string;

/** The parsed settings, keyed by their names; a setting without a default may be undefined. */
export type Config = {
  -readonly [K in SettingName]: (typeof SETTINGS)[K] extends { default: string }
    ? ValueOf<(typeof SETTINGS)[K]>
    : ValueOf<(typeof SETTINGS)[K]> | undefined;
};

export { ConfigError };

const FLAG_TO_SETTING: Record<string, SettingName> = {
  '--role': 'ROLE',
  '--port': 'PORT',
  '--host': 'HOST',
  '--data-dir': 'DATA_DIR',
  '--database-url': 'DATABASE_URL',
  '--log-level': 'LOG_LEVEL',
  '--public-url': 'PUBLIC_URL',
};

/** Reads `--flag value` and `--flag=value` pairs; an unknown flag is an error. */
export function parseFlags(argv: readonly string[]): Partial<Record<SettingName, string>> {
  const out: Partial<Record<SettingName, string>> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const name = FLAG_TO_SETTING[flag ?? ''];
    if (!name)
      throw new ConfigError(
        `Unknown command-line option "${arg}". Known: ${Object.keys(FLAG_TO_SETTING).join(', ')}`,
      );
    const value = inline ?? argv[++i];
    if (value === undefined) throw new ConfigError(`Option ${flag} needs a value`);
    out[name] = value;
  }
  return out;
}

/** Reads `.env` in `dir` if present; every key in it must be a known setting. */
export function readEnvFile(dir: string): Record<string, string> {
  const file = resolve(dir, '.env');
  if (!existsSync(file)) return {};
  const parsed = parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;
  for (const key of Object.keys(parsed)) {
    if (!(key in SETTINGS)) throw new ConfigError(`Unknown setting "${key}" in ${file}`);
  }
  return parsed;
}

function coerce(name: SettingName, raw: string): string | number | boolean | string[] {
  const spec: SettingSpec = SETTINGS[name];
  switch (spec.kind) {
    case 'int': {
      if (!/^-?\d+$/.test(raw.trim()))
        throw new ConfigError(`Setting ${name} must be a whole number, got "${raw}"`);
      const n = Number(raw);
      if (spec.min !== undefined && n < spec.min)
        throw new ConfigError(`Setting ${name} must be at least ${spec.min}, got ${n}`);
      if (spec.max !== undefined && n > spec.max)
        throw new ConfigError(`Setting ${name} must be at most ${spec.max}, got ${n}`);
      return n;
    }
    case 'bool': {
      const v = raw.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(v)) return true;
      if (['false', '0', 'no', 'off'].includes(v)) return false;
      throw new ConfigError(`Setting ${name} must be true or false, got "${raw}"`);
    }
    case 'enum':
      if (!spec.values?.includes(raw))
        throw new ConfigError(`Setting ${name} must be one of ${spec.values?.join(', ')}, got "${raw}"`);
      return raw;
    case 'url':
      if (!URL.canParse(raw)) throw new ConfigError(`Setting ${name} must be a URL, got a malformed value`);
      return raw;
    case 'string':
      if (spec.pattern && !spec.pattern.re.test(raw))
        throw new ConfigError(`Setting ${name} must be ${spec.pattern.says}, got "${raw}"`);
      return raw;
    case 'list':
      return raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    default:
      return raw;
  }
}

/**
 * A platform with only half of its app (a client id without its secret, or the
 * reverse) would quietly fall back to the sandbox simulator and answer "published"
 * with real-looking URLs: refuse to start instead, naming the missing setting.
 */
function checkPlatformApps(config: Config): void {
  const values = config as unknown as Record<string, unknown>;
  for (const key of OAUTH_PLATFORM_KEYS) {
    const id = values[`${key}_CLIENT_ID`] !== undefined;
    const secret = values[`${key}_CLIENT_SECRET`] !== undefined;
    if (id === secret) continue;
    const [set, missing] = id ? ['CLIENT_ID', 'CLIENT_SECRET'] : ['CLIENT_SECRET', 'CLIENT_ID'];
    throw new ConfigError(
      `Setting ${key}_${missing} is missing: ${key}_${set} is set, and ${key.toLowerCase()} needs both to use the real platform (unset ${key}_${set} to use the sandbox simulator)`,
    );
  }
}

/** Every PLATFORM_PRICES entry names a priced call kind of a platform's module and a price of 0 or more. */
function checkPlatformPrices(entries: readonly string[]): void {
  const modules: Record<Platform, PlatformModule> = PLATFORM_MODULES;
  for (const entry of entries) {
    const m = /^([a-z]+)\.([a-z_]+)=(\d+(?:\.\d+)?)$/.exec(entry);
    if (!m) {
      throw new ConfigError(
        `Setting PLATFORM_PRICES: "${entry}" must have the form platform.callKind=amount (twitter.post_create=0.015)`,
      );
    }
    const [, platform = '', kind = ''] = m;
    const spend = (PLATFORMS as readonly string[]).includes(platform)
      ? modules[platform as Platform].spend
      : undefined;
    if (!spend || !(kind in spend.prices)) {
      const known = PLATFORMS.flatMap((p) =>
        Object.keys(modules[p].spend?.prices ?? {}).map((k) => `${p}.${k}`),
      );
      throw new ConfigError(
        `Setting PLATFORM_PRICES: "${platform}.${kind}" is not a priced call; the priced calls are ${known.join(', ')}`,
      );
    }
  }
}

/**
 * Builds the Config from the given sources. Later sources win: `.env` file,
 * then the process environment, then command-line flags.
 */
export function loadConfig(
  sources: { env?: Record<string, string | undefined>; argv?: readonly string[]; cwd?: string } = {},
): Readonly<Config> {
  const fileEnv = sources.cwd === undefined ? {} : readEnvFile(sources.cwd);
  const flags = parseFlags(sources.argv ?? []);
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    const raw =
      flags[name] ?? sources.env?.[name] ?? fileEnv[name] ?? (SETTINGS[name] as SettingSpec).default;
    const spec: SettingSpec = SETTINGS[name];
    const empty = raw === undefined || (raw === '' && spec.kind !== 'list');
    out[name] = empty ? undefined : coerce(name, raw);
  }
  const config = out as Config;
  config.DATA_DIR = resolve(config.DATA_DIR);
  config.PUBLIC_URL = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  if (config.ENCRYPTION_KEY !== undefined && Buffer.from(config.ENCRYPTION_KEY, 'base64').length !== 32) {
    throw new ConfigError('Setting ENCRYPTION_KEY must be the base64 encoding of exactly 32 bytes');
  }
  if (config.ENCRYPTION_PREVIOUS_KEYS.some((k) => Buffer.from(k, 'base64').length !== 32)) {
    throw new ConfigError(
      'Every key in ENCRYPTION_PREVIOUS_KEYS must be the base64 encoding of exactly 32 bytes',
    );
  }
  if (config.DATABASE_URL !== undefined && !/^postgres(ql)?:$/.test(new URL(config.DATABASE_URL).protocol)) {
    throw new ConfigError('Setting DATABASE_URL must start with postgres:// or postgresql://');
  }
  if (config.MEDIA_STORAGE === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
      (k) => !config[k],
    );
    if (missing.length > 0) throw new ConfigError(`MEDIA_STORAGE=s3 needs ${missing.join(', ')}`);
  }
  checkPlatformApps(config);
  checkPlatformPrices(config.PLATFORM_PRICES);
  const oidc = [config.OIDC_ISSUER, config.OIDC_CLIENT_ID, config.OIDC_CLIENT_SECRET];
  if (oidc.some((v) => v !== undefined) && oidc.some((v) => v === undefined))
    throw new ConfigError(
      'OpenID Connect sign-in needs all of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (or none of them)',
    );
  if (config.SIGNIN_LOCK_AFTER_FAILURES < config.SIGNIN_DELAY_AFTER_FAILURES)
    throw new ConfigError('SIGNIN_LOCK_AFTER_FAILURES must be at least SIGNIN_DELAY_AFTER_FAILURES');
  // Read once and passed down: nothing may change a setting after start (sandbox mode makes a copy).
  return Object.freeze(config);
}
