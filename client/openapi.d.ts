/**
 * Generated from the service's OpenAPI document by `npm run client:generate`: do not edit.
 * `npm run client:check` (run in CI) fails when this file no longer matches the document.
 */

export interface paths {
    "/v1/health": {
        /**
         * Readiness: the database answers
         *
         * Answers `{ok: true}` without a key; 503 with `{ok: false}` when the database does not answer within a second.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ok: boolean;
                        };
                    };
                };
                /**
                 * Default Response
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ok: boolean;
                        };
                    };
                };
            };
        };
    };
    "/v1/health/live": {
        /**
         * Liveness, without the database
         *
         * Answers `{ok: true}` without a key as long as the process serves HTTP; it never reads the database (use `/v1/health` for readiness).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ok: boolean;
                        };
                    };
                };
            };
        };
    };
    "/v1/health/auth": {
        /**
         * Checks an access key
         *
         * Answers `{ok: true}` when `x-access-key` is valid, 401 otherwise.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ok: boolean;
                        };
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/platforms": {
        /**
         * Supported platforms
         *
         * Each platform with its `status` (prod, beta or dev, as the contract names them) and, beside it, `availability`: `available` (connect and publish; status prod), `connect_only` (accounts can be connected; publishing there is not available yet; status beta), `unconfigured` (the service has no app for it and sandbox mode is off; status dev). `operational` says how publishing to it went lately, across every project of the service: `state` is `outage` when at least PLATFORM_OUTAGE_ERROR_PERCENT (default 50) of the final outcomes in the last `windowMinutes` (PLATFORM_HEALTH_WINDOW_MINUTES, default 30) failed because of the platform, `degraded` from PLATFORM_DEGRADED_ERROR_PERCENT (default 10), else `operational`; fewer than PLATFORM_HEALTH_MIN_ATTEMPTS (default 10) outcomes count as operational. Only the platform’s failures count (its errors, timeouts, unknown outcomes, processing that never ended, rate limits waited out too often), not refused content or an account’s token. Read at most every PLATFORM_HEALTH_CACHE_SECONDS (default 5). The list is the contract's ten platforms; `all=true` adds the networks published to beyond them (docs/openapi-conformance.md: a value outside the ten reaches a client only when its project used it or it asks).
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * false: the contract's ten platforms (what a client generated from the contract knows). true: every platform the service publishes to, the networks added beyond the ten included (mastodon, telegram, ...).
                     * @default false
                     */
                    all?: boolean;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            platforms: ({
                                name: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                                status: "prod" | "beta" | "dev";
                                availability: "available" | "connect_only" | "unconfigured";
                                /**
                                 * What GET/POST/PATCH/DELETE /v1/comments can do with comments on this platform; null when it reads no comments.
                                 */
                                comments: null | ({
                                    reply: boolean;
                                    /**
                                     * Hide a comment and show it again (PATCH with `hidden`).
                                     */
                                    hide: boolean;
                                    delete: boolean;
                                    /**
                                     * Why comments can not be deleted there, when `delete` is false.
                                     */
                                    cannotDelete: string | null;
                                });
                                operational: {
                                    state: "operational" | "degraded" | "outage";
                                    /**
                                     * Platform-caused failures over attempts in the window (0 without attempts).
                                     */
                                    errorRate: number;
                                    /**
                                     * Final publish outcomes in the window.
                                     */
                                    attempts: number;
                                    windowMinutes: number;
                                    /**
                                     * Format: date-time
                                     */
                                    since: string;
                                    /**
                                     * Format: date-time
                                     */
                                    until: string;
                                };
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/profiles": {
        /**
         * List profiles
         *
         * Newest first. `name` filters by a case-insensitive substring.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * @default 1
                     */
                    page?: number;
                    /**
                     * @default 50
                     */
                    limit?: number;
                    name?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            total: number;
                            page: number;
                            limit: number;
                            profiles: components["schemas"]["Profile"][];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
        /**
         * Create a profile
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        description?: string | null;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            profile: components["schemas"]["Profile"];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
    };
    "/v1/profiles/{id}": {
        /**
         * Read a profile
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            profile: components["schemas"]["Profile"];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
        /**
         * Delete a profile
         *
         * Its integrations stay connected and become unassigned (`profileId: null`).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
        /**
         * Rename or describe a profile
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        description?: string | null;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            profile: components["schemas"]["Profile"];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
    };
    "/v1/notifications": {
        /**
         * List notification subscriptions
         *
         * Newest first; webhook secrets are masked.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            notifications: components["schemas"]["NotificationSubscription"][];
                        };
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Create a notification subscription
         *
         * Webhook subscriptions get a signing secret, returned in full only in this answer. Webhook URLs must reach a public host; e-mail subscriptions need SMTP configured on the service.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        channel: "webhook" | "email";
                        eventTypes: ("post.scheduled" | "post.published" | "post.partial" | "post.failed" | "post.approval_requested" | "post.approved" | "post.rejected" | "account.disconnected" | "account.reconnected" | "account.token_expiring" | "account.removed" | "account.spend_cap_reached" | "comment.received" | "message.received")[];
                        profileId?: string | null;
                        onlyScheduledPosts?: boolean;
                        enabled?: boolean;
                        webhook?: {
                            url: string;
                        };
                        email?: {
                            recipients: string[];
                        };
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            notification: components["schemas"]["NotificationSubscription"];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/notifications/test": {
        /**
         * Send a test notification to a destination before saving it
         *
         * Sends one sample `post.published` event now, without retries. `success` tells whether the receiver accepted it (2xx) or the e-mail was handed to the SMTP server. The webhook is signed with a one-time secret; test a saved subscription to check signature verification.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        channel: "webhook" | "email";
                        profileId?: string | null;
                        webhook?: {
                            url: string;
                        };
                        email?: {
                            recipients: string[];
                        };
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/notifications/{id}": {
        /**
         * Read a notification subscription
         *
         * The webhook secret is masked.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            notification: components["schemas"]["NotificationSubscription"];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Delete a notification subscription
         *
         * Its pending deliveries are dropped.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Update a notification subscription
         *
         * Every field is optional. The channel can not change. `webhook.rotateSecret: true` replaces the signing secret and returns the new one in full in this answer.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        eventTypes?: ("post.scheduled" | "post.published" | "post.partial" | "post.failed" | "post.approval_requested" | "post.approved" | "post.rejected" | "account.disconnected" | "account.reconnected" | "account.token_expiring" | "account.removed" | "account.spend_cap_reached" | "comment.received" | "message.received")[];
                        profileId?: string | null;
                        onlyScheduledPosts?: boolean;
                        enabled?: boolean;
                        webhook?: {
                            url?: string;
                            rotateSecret?: boolean;
                        };
                        email?: {
                            recipients: string[];
                        };
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            notification: components["schemas"]["NotificationSubscription"];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/notifications/{id}/test": {
        /**
         * Send a test notification to a saved subscription
         *
         * Sends one sample `post.published` event now, signed with the subscription secret, and records `lastTestAt` and `lastTestStatus` (`success` or `failed`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                            notification: components["schemas"]["NotificationSubscription"];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/notifications/{id}/deliveries": {
        /**
         * List a subscription's deliveries with every attempt
         *
         * Newest first. Each delivery is one event sent to this subscription; each attempt has its time, the receiver's HTTP status, its duration and the error, if any.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * @default 20
                     */
                    limit?: number;
                    /**
                     * @default 0
                     */
                    offset?: number;
                    status?: "pending" | "succeeded" | "failed";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            total: number;
                            limit: number;
                            offset: number;
                            deliveries: components["schemas"]["NotificationDelivery"][];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/notifications/{id}/deliveries/{deliveryId}/redeliver": {
        /**
         * Send a finished delivery again
         *
         * Queues the same event (same id and body) for this subscription again, with a fresh set of attempts. A delivery still in progress is 409.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    deliveryId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/posts": {
        /**
         * List posts
         *
         * `platform` is repeatable (OR). `profileId=null` selects posts whose accounts have no profile. Newest first unless `sort=asc`.
         */
        get: {
            parameters: {
                query?: {
                    status?: "draft" | "pending" | "scheduled" | "publishing" | "published" | "failed" | "partial";
                    platform?: ("twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon")[];
                    profileId?: string;
                    /**
                     * ISO 8601 date-time
                     */
                    createdAfter?: string;
                    /**
                     * ISO 8601 date-time
                     */
                    createdBefore?: string;
                    /**
                     * ISO 8601 date-time
                     */
                    scheduledAfter?: string;
                    /**
                     * ISO 8601 date-time
                     */
                    scheduledBefore?: string;
                    /**
                     * @default 20
                     */
                    limit?: number;
                    /**
                     * @default 0
                     */
                    offset?: number;
                    sort?: "asc" | "desc";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            total: number;
                            posts: components["schemas"]["Post"][];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Create a post
         *
         * Publishes now (`publishNow: true`), at `scheduledFor`, or in the next free slot of the targets’ posting queue (`queue: true`), to every target in `platforms`. 1 credit per target. `draft: true` saves a draft instead: nothing is charged or published, and problems that only matter at publication are listed in `problems` rather than refused. Where approval applies (always for a contributor; for everyone where GET /v1/approval/settings says `everyone`), the post is stored `pending` instead, awaiting approval: nothing is charged or published until an editor approves it (POST /v1/posts/{postId}/approve). `recurrence` (with optional `variants`) repeats the post as a series (GET /v1/series/{seriesId}). Every problem is listed at once, each naming where it is. An `Idempotency-Key` header makes retries safe: the same key with the same body answers the post as it is now (status and URLs), creating nothing; with another body it is 409. Each per-target result names its account (`integrationId`). A target that ends failed is refunded unless its post may exist on the platform. `firstComment` is posted under each target once it is live, exactly once (a reply on X, Bluesky and Threads; YouTube’s own option replaces it there); each result says `posted`, `pending`, `failed` (a warningMessage says why: the post stays published and ends partial) or `skipped` (TikTok, Pinterest, Google Business can not comment).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Post text body.
                         */
                        content: string;
                        mediaItems?: ({
                            type: "image" | "video" | "gif" | "document";
                            /**
                             * Location of the media.
                             * Format: uri
                             */
                            url: string;
                            /**
                             * Thumbnail image for video items (YouTube regular videos): JPEG, PNG or GIF, ≤2 MB, ≥640 px wide.
                             * Format: uri
                             */
                            thumbnail?: string;
                        })[];
                        platforms: (({
                            /**
                             * One value of Platform.
                             */
                            platform: "twitter";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * TwitterConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["TwitterConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "instagram";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * InstagramConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["InstagramConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "youtube";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * YouTubeConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["YouTubeConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "tiktok";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * TikTokConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["TikTokConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "pinterest";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * PinterestConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["PinterestConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "linkedin";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * LinkedInConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["LinkedInConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "bluesky";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * BlueskyConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["BlueskyConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "facebook";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * FacebookConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["FacebookConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "threads";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * ThreadsConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["ThreadsConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "googlebusiness";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * GoogleBusinessConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["GoogleBusinessConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "telegram";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * TelegramConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["TelegramConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "discord";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * DiscordConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["DiscordConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "reddit";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * RedditConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["RedditConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "mastodon";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * MastodonConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["MastodonConfigurations"];
                        }))[];
                        /**
                         * `auto` (default): media a target’s platform would refuse (size, aspect ratio, format, codec…) is converted for that target, and its warningMessage says what was done; media every target accepts is published untouched. `off`: such media is refused at create, with the rule in words.
                         */
                        mediaProcessing?: "auto" | "off";
                        /**
                         * How converted media is fitted to an aspect ratio the platform accepts: `pad` (default, a blurred border, nothing cut) or `crop` (centre). A target’s platformSpecificData.fit overrides it.
                         */
                        fit?: "pad" | "crop";
                        /**
                         * True: a video longer than a platform allows is trimmed to its limit for that target; otherwise it is refused with the length and the limit.
                         */
                        trim?: boolean;
                        /**
                         * Posted as a comment (a reply on X, Bluesky and Threads) under each target once it is live, where the platform can comment on the account’s own post: Facebook Pages, Instagram, LinkedIn, Threads, X, Bluesky, YouTube (YouTube’s own platformSpecificData.firstComment replaces it there). TikTok, Pinterest and Google Business targets skip it (their answers say `skipped`). Each platform’s comment length rule is checked at create. A comment that fails leaves the target published with a warningMessage (the post ends partial).
                         */
                        firstComment?: string;
                        /**
                         * Publish at once. Exactly one of publishNow: true, scheduledFor, queue: true or draft: true.
                         */
                        publishNow?: boolean;
                        /**
                         * ISO 8601 date-time; without an offset it is read in `timezone`. Must be in the future, and at most 2 years ahead.
                         */
                        scheduledFor?: string;
                        /**
                         * IANA name, default UTC.
                         */
                        timezone?: string;
                        /**
                         * Take the next free slot of the posting queue of the targets’ profile (all targets in one profile, or all without one); the answer’s scheduledFor is the slot.
                         */
                        queue?: boolean;
                        /**
                         * Save as a draft: nothing is charged or published. Problems that only matter at publication are listed in the answer’s `problems` instead of refusing it; schedule it with POST /v1/posts/{postId}/schedule.
                         */
                        draft?: boolean;
                        /**
                         * Repeat the post. Each occurrence is created as its own scheduled post when the one before it has finished, charged then and announced by post.scheduled; occurrences keep the first one’s local time of day.
                         */
                        recurrence?: {
                            /**
                             * Repeat every N units.
                             */
                            every: number;
                            unit: "day" | "week" | "month";
                            /**
                             * No occurrence after this: a date (YYYY-MM-DD, through that whole day) or a date-time, read in the post’s time zone.
                             */
                            until?: string;
                            /**
                             * Occurrences in all, the first included.
                             */
                            count?: number;
                        };
                        /**
                         * Alternative texts for a recurring post, used in turn after `content` (occurrence 1 takes variants[0], …), because some platforms refuse the same text twice. Targets with their own `content` keep it.
                         */
                        variants?: string[];
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * False only when every target failed.
                             */
                            success: boolean;
                            status: "draft" | "pending" | "scheduled" | "publishing" | "published" | "failed" | "partial";
                            postId: string;
                            /**
                             * For a queued post: the slot it took.
                             * Format: date-time
                             */
                            scheduledFor?: string;
                            /**
                             * When the post recurs: its series.
                             */
                            seriesId?: string;
                            /**
                             * For a post awaiting approval (status pending): what happens next.
                             */
                            message?: string;
                            /**
                             * Drafts only: what would stop the draft from being scheduled now.
                             */
                            problems?: ({
                                scope: "schedule" | "post" | "target";
                                /**
                                 * Index in `platforms`, or null.
                                 */
                                target: number | null;
                                platform: string | null;
                                /**
                                 * The field the message names (`content`, `platformSpecificData.boardId`, `accountId`...).
                                 */
                                field: string | null;
                                /**
                                 * The message exactly as POST /v1/posts would write it.
                                 */
                                message: string;
                            })[];
                            platforms: ({
                                platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                                /**
                                 * The account this result is for (accountId of the target).
                                 */
                                integrationId: string;
                                success: boolean;
                                platformPostUrl?: string;
                                error?: string;
                                warningMessage?: string;
                                /**
                                 * true when published to the sandbox simulator, not the real platform.
                                 */
                                sandbox?: boolean;
                                /**
                                 * Present when the target has a first comment to post, or skips the post’s.
                                 */
                                firstComment?: {
                                    /**
                                     * pending: the target is not live yet or the comment is on its way; posted; failed: not posted (warningMessage says why, or the target failed); skipped: the platform can not comment on the post.
                                     */
                                    status: "pending" | "posted" | "failed" | "skipped";
                                    /**
                                     * The comment's id on the platform, once posted.
                                     */
                                    commentId?: string;
                                };
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not enough credits (monthly allowance plus purchased credits).
                 */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/posts/validate": {
        /**
         * Check a post without creating it
         *
         * Takes the body of POST /v1/posts and runs the same checks (schedule, media, every platform’s rules, every account) without storing or charging anything. Answers 200 with each problem and where it is, and the status and message create would answer. A body that does not match the schema is 400 as on create.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Post text body.
                         */
                        content: string;
                        mediaItems?: ({
                            type: "image" | "video" | "gif" | "document";
                            /**
                             * Location of the media.
                             * Format: uri
                             */
                            url: string;
                            /**
                             * Thumbnail image for video items (YouTube regular videos): JPEG, PNG or GIF, ≤2 MB, ≥640 px wide.
                             * Format: uri
                             */
                            thumbnail?: string;
                        })[];
                        platforms: (({
                            /**
                             * One value of Platform.
                             */
                            platform: "twitter";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * TwitterConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["TwitterConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "instagram";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * InstagramConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["InstagramConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "youtube";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * YouTubeConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["YouTubeConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "tiktok";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * TikTokConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["TikTokConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "pinterest";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * PinterestConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["PinterestConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "linkedin";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * LinkedInConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["LinkedInConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "bluesky";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * BlueskyConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["BlueskyConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "facebook";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * FacebookConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["FacebookConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "threads";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * ThreadsConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["ThreadsConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "googlebusiness";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * GoogleBusinessConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["GoogleBusinessConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "telegram";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * TelegramConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["TelegramConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "discord";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * DiscordConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["DiscordConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "reddit";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * RedditConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["RedditConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "mastodon";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * MastodonConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["MastodonConfigurations"];
                        }))[];
                        /**
                         * `auto` (default): media a target’s platform would refuse (size, aspect ratio, format, codec…) is converted for that target, and its warningMessage says what was done; media every target accepts is published untouched. `off`: such media is refused at create, with the rule in words.
                         */
                        mediaProcessing?: "auto" | "off";
                        /**
                         * How converted media is fitted to an aspect ratio the platform accepts: `pad` (default, a blurred border, nothing cut) or `crop` (centre). A target’s platformSpecificData.fit overrides it.
                         */
                        fit?: "pad" | "crop";
                        /**
                         * True: a video longer than a platform allows is trimmed to its limit for that target; otherwise it is refused with the length and the limit.
                         */
                        trim?: boolean;
                        /**
                         * Posted as a comment (a reply on X, Bluesky and Threads) under each target once it is live, where the platform can comment on the account’s own post: Facebook Pages, Instagram, LinkedIn, Threads, X, Bluesky, YouTube (YouTube’s own platformSpecificData.firstComment replaces it there). TikTok, Pinterest and Google Business targets skip it (their answers say `skipped`). Each platform’s comment length rule is checked at create. A comment that fails leaves the target published with a warningMessage (the post ends partial).
                         */
                        firstComment?: string;
                        /**
                         * Publish at once. Exactly one of publishNow: true, scheduledFor, queue: true or draft: true.
                         */
                        publishNow?: boolean;
                        /**
                         * ISO 8601 date-time; without an offset it is read in `timezone`. Must be in the future, and at most 2 years ahead.
                         */
                        scheduledFor?: string;
                        /**
                         * IANA name, default UTC.
                         */
                        timezone?: string;
                        /**
                         * Take the next free slot of the posting queue of the targets’ profile (all targets in one profile, or all without one); the answer’s scheduledFor is the slot.
                         */
                        queue?: boolean;
                        /**
                         * Save as a draft: nothing is charged or published. Problems that only matter at publication are listed in the answer’s `problems` instead of refusing it; schedule it with POST /v1/posts/{postId}/schedule.
                         */
                        draft?: boolean;
                        /**
                         * Repeat the post. Each occurrence is created as its own scheduled post when the one before it has finished, charged then and announced by post.scheduled; occurrences keep the first one’s local time of day.
                         */
                        recurrence?: {
                            /**
                             * Repeat every N units.
                             */
                            every: number;
                            unit: "day" | "week" | "month";
                            /**
                             * No occurrence after this: a date (YYYY-MM-DD, through that whole day) or a date-time, read in the post’s time zone.
                             */
                            until?: string;
                            /**
                             * Occurrences in all, the first included.
                             */
                            count?: number;
                        };
                        /**
                         * Alternative texts for a recurring post, used in turn after `content` (occurrence 1 takes variants[0], …), because some platforms refuse the same text twice. Targets with their own `content` keep it.
                         */
                        variants?: string[];
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            valid: boolean;
                            /**
                             * What POST /v1/posts would answer: 202, 400 or 403.
                             */
                            status: number;
                            /**
                             * Create's error message for this body; null when it would be accepted.
                             */
                            message: string | null;
                            problems: ({
                                scope: "schedule" | "post" | "target";
                                /**
                                 * Index in `platforms`, or null.
                                 */
                                target: number | null;
                                platform: string | null;
                                /**
                                 * The field the message names (`content`, `platformSpecificData.boardId`, `accountId`...).
                                 */
                                field: string | null;
                                /**
                                 * The message exactly as POST /v1/posts would write it.
                                 */
                                message: string;
                            })[];
                            /**
                             * Each target's text length and its platform's limit, for counters.
                             */
                            textLengths: ({
                                target: number;
                                platform: string;
                                /**
                                 * The text as the platform counts it (X weighs URLs 23...).
                                 */
                                length: number;
                                limit: number;
                                unit: string;
                            })[];
                            /**
                             * What `mediaProcessing: "auto"` would convert for each target so its platform accepts the media (nothing is converted by validating). Empty with `"off"`: such media is a problem instead.
                             */
                            conversions: ({
                                /**
                                 * Index in platforms.
                                 */
                                target: number;
                                platform: string;
                                /**
                                 * Index in mediaItems.
                                 */
                                item: number;
                                fit: "pad" | "crop";
                                /**
                                 * What will be done, as the target’s warningMessage will say it.
                                 */
                                description: string;
                                /**
                                 * Width ÷ height of the frame the item is padded or cropped to (0.8 for 4:5), when its shape changes: for drawing it as it will be published.
                                 */
                                frameAspect?: number;
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/posts/scheduled": {
        /**
         * List scheduled posts
         *
         * Posts waiting for their time, soonest first unless `sort=desc`. Media items carry only type, url and thumbnail here (GET /v1/posts/{postId} has their file name, size and type).
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * @default 20
                     */
                    limit?: number;
                    /**
                     * @default 0
                     */
                    offset?: number;
                    sort?: "asc" | "desc";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            total: number;
                            posts: components["schemas"]["ScheduledPost"][];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/posts/{postId}": {
        /**
         * Read a post
         *
         * With its per-target results (platformPostUrl once published).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    postId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            post: components["schemas"]["Post"];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Delete a post
         *
         * Deletes the post. With `deleteFromPlatforms=true` it is first removed from every platform it was published on (1 credit per platform; a failed removal is not charged and keeps the post so it can be retried). A post being published can not be deleted (409).
         */
        delete: {
            parameters: {
                query?: {
                    /**
                     * @default false
                     */
                    deleteFromPlatforms?: boolean;
                };
                header?: never;
                path: {
                    postId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            creditsCharged: number;
                            platforms: ({
                                platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                                integrationId: string;
                                platformPostId: string | null;
                                status: "deleted" | "failed" | "skipped";
                                success: boolean;
                                message?: string;
                                errorMessage?: string;
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not enough credits (monthly allowance plus purchased credits).
                 */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/posts/scheduled/{postId}": {
        /**
         * Edit a scheduled post
         *
         * Replaces text, media and targets (and the schedule when given) while the post is still scheduled. Every target is validated again; added targets are charged and removed ones refunded (1 credit each). Where approval applies (always for a contributor) the edited post leaves the schedule and awaits approval (`status: pending`): its credits are refunded and charged again when it is approved.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    postId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        content: string;
                        platforms: (({
                            /**
                             * One value of Platform.
                             */
                            platform: "twitter";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * TwitterConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["TwitterConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "instagram";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * InstagramConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["InstagramConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "youtube";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * YouTubeConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["YouTubeConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "tiktok";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * TikTokConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["TikTokConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "pinterest";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * PinterestConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["PinterestConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "linkedin";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * LinkedInConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["LinkedInConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "bluesky";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * BlueskyConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["BlueskyConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "facebook";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * FacebookConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["FacebookConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "threads";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * ThreadsConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["ThreadsConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "googlebusiness";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * GoogleBusinessConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["GoogleBusinessConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "telegram";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * TelegramConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["TelegramConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "discord";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * DiscordConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["DiscordConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "reddit";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * RedditConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["RedditConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "mastodon";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * MastodonConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["MastodonConfigurations"];
                        }))[];
                        /**
                         * `auto` (default): media a target’s platform would refuse (size, aspect ratio, format, codec…) is converted for that target, and its warningMessage says what was done; media every target accepts is published untouched. `off`: such media is refused at create, with the rule in words.
                         */
                        mediaProcessing?: "auto" | "off";
                        /**
                         * How converted media is fitted to an aspect ratio the platform accepts: `pad` (default, a blurred border, nothing cut) or `crop` (centre). A target’s platformSpecificData.fit overrides it.
                         */
                        fit?: "pad" | "crop";
                        /**
                         * True: a video longer than a platform allows is trimmed to its limit for that target; otherwise it is refused with the length and the limit.
                         */
                        trim?: boolean;
                        mediaItems?: ({
                            type: "image" | "video" | "gif" | "document";
                            /**
                             * Location of the media.
                             * Format: uri
                             */
                            url: string;
                            /**
                             * Thumbnail image for video items (YouTube regular videos): JPEG, PNG or GIF, ≤2 MB, ≥640 px wide.
                             * Format: uri
                             */
                            thumbnail?: string;
                        })[];
                        /**
                         * Posted as a comment (a reply on X, Bluesky and Threads) under each target once it is live, where the platform can comment on the account’s own post: Facebook Pages, Instagram, LinkedIn, Threads, X, Bluesky, YouTube (YouTube’s own platformSpecificData.firstComment replaces it there). TikTok, Pinterest and Google Business targets skip it (their answers say `skipped`). Each platform’s comment length rule is checked at create. A comment that fails leaves the target published with a warningMessage (the post ends partial). Omit to keep the post’s first comment; null removes it.
                         */
                        firstComment?: string | null;
                        /**
                         * Omit to keep the current time.
                         */
                        scheduledFor?: string;
                        /**
                         * Omit to keep.
                         */
                        timezone?: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                            postId: string;
                            /**
                             * Format: date-time
                             */
                            scheduledFor: string;
                            /**
                             * Present when the edit made the post await approval.
                             */
                            status?: "pending";
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not enough credits (monthly allowance plus purchased credits).
                 */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Cancel a scheduled post
         *
         * The post goes back to draft and its credits are refunded. 409 once it is no longer scheduled.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    postId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Reschedule a scheduled post
         *
         * `scheduledFor` without an offset is read in `timezone` (the post’s own when omitted). It must be in the future, and at most 2 years ahead.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    postId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        scheduledFor: string;
                        timezone?: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                            /**
                             * Format: date-time
                             */
                            scheduledFor: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/posts/{postId}/retry": {
        /**
         * Retry the failed targets of a post
         *
         * Publishes the failed targets again (all of them, or those of `integrationIds`), each on its own: an account that needs reconnecting is reported per target and does not hold back the others. A target whose post may exist on the platform is first checked with the platform and published again only if it is absent. Each retried target costs 1 credit (not again for one that kept its charge), refunded if it fails again. The post goes back to `publishing`; its status is derived again, with a new final webhook event, once the retried targets finish. 409 while the post is being published, or when it has no failed target to retry.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    postId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Retry only these accounts of the post (default: every failed one).
                         */
                        integrationIds?: string[];
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * true when at least one target was put back to be published.
                             */
                            success: boolean;
                            postId: string;
                            status: "draft" | "pending" | "scheduled" | "publishing" | "published" | "failed" | "partial";
                            creditsCharged: number;
                            platforms: ({
                                platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                                integrationId: string;
                                retried: boolean;
                                status: "draft" | "pending" | "scheduled" | "publishing" | "published" | "failed" | "partial";
                                /**
                                 * Why it was not retried, or what happens first.
                                 */
                                message?: string;
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not enough credits (monthly allowance plus purchased credits).
                 */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/posts/{postId}/published": {
        /**
         * Edit a published post
         *
         * Changes the text (top-level or per target) and, where the platform allows it, options of the live posts: Facebook Page posts (text), LinkedIn (commentary), YouTube (description, title, tags), Pinterest (description, title, link, altText), Google Business Profile (summary, call to action). Each edit is checked with the platform’s rules first and costs 1 credit, refunded when the platform does not take it. X, Bluesky, Threads, TikTok and Instagram answer `not_editable` with the reason, and nothing is sent there. The edits run in the background: GET /v1/posts/{postId} shows each target’s new text once edited, and its `edit` status. Only a published or partial post, and only its published targets, can be edited (409).
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    postId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * New top-level text: every published target without text of its own is edited to it.
                         */
                        content?: string;
                        /**
                         * Targets to edit by platform and accountId: `content` is their own new text, `platformSpecificData` the options to change (only those the platform can change on a live post).
                         */
                        platforms?: (({
                            /**
                             * One value of Platform.
                             */
                            platform: "twitter";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * TwitterConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["TwitterConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "instagram";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * InstagramConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["InstagramConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "youtube";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * YouTubeConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["YouTubeConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "tiktok";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * TikTokConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["TikTokConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "pinterest";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * PinterestConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["PinterestConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "linkedin";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * LinkedInConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["LinkedInConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "bluesky";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * BlueskyConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["BlueskyConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "facebook";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * FacebookConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["FacebookConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "threads";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * ThreadsConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["ThreadsConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "googlebusiness";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * GoogleBusinessConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["GoogleBusinessConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "telegram";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * TelegramConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["TelegramConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "discord";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * DiscordConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["DiscordConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "reddit";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * RedditConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["RedditConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "mastodon";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * MastodonConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["MastodonConfigurations"];
                        }))[];
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * True, as in every 2xx answer: the request was taken. Whether each target is being edited, can not be, or was refused is its `status`.
                             */
                            success: boolean;
                            postId: string;
                            /**
                             * 1 per target being edited; refunded if its edit fails.
                             */
                            creditsCharged: number;
                            platforms: ({
                                platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                                integrationId: string;
                                /**
                                 * `editing`: sent to the platform in the background (GET the post for its `edit`); `not_editable`: the platform can not edit a live post, nothing was sent; `refused`: the edit breaks the platform’s rules or changes an option that is fixed once published; `skipped`: nothing changes there, or the target was never published.
                                 */
                                status: "editing" | "not_editable" | "refused" | "skipped";
                                message: string;
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not enough credits (monthly allowance plus purchased credits).
                 */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/posts/drafts/{postId}": {
        /**
         * Edit a draft
         *
         * Replaces the draft’s text, media, targets and recurrence with the body (the body of create without `publishNow`, `scheduledFor` or `queue`: schedule the draft with POST /v1/posts/{postId}/schedule). A scheduled post that was cancelled is a draft and can be edited here. Like a new draft, problems that only matter at publication are listed in `problems`, not refused; nothing is charged. 409 when the post is not a draft.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    postId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Post text body.
                         */
                        content: string;
                        mediaItems?: ({
                            type: "image" | "video" | "gif" | "document";
                            /**
                             * Location of the media.
                             * Format: uri
                             */
                            url: string;
                            /**
                             * Thumbnail image for video items (YouTube regular videos): JPEG, PNG or GIF, ≤2 MB, ≥640 px wide.
                             * Format: uri
                             */
                            thumbnail?: string;
                        })[];
                        platforms: (({
                            /**
                             * One value of Platform.
                             */
                            platform: "twitter";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * TwitterConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["TwitterConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "instagram";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * InstagramConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["InstagramConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "youtube";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * YouTubeConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["YouTubeConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "tiktok";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * TikTokConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["TikTokConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "pinterest";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * PinterestConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["PinterestConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "linkedin";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * LinkedInConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["LinkedInConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "bluesky";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * BlueskyConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["BlueskyConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "facebook";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * FacebookConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["FacebookConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "threads";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * ThreadsConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["ThreadsConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "googlebusiness";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * GoogleBusinessConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["GoogleBusinessConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "telegram";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * TelegramConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["TelegramConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "discord";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * DiscordConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["DiscordConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "reddit";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * RedditConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["RedditConfigurations"];
                        }) | ({
                            /**
                             * One value of Platform.
                             */
                            platform: "mastodon";
                            /**
                             * The integration id (GET /v1/connect/integrations).
                             */
                            accountId: string;
                            /**
                             * Per-platform text; the top-level content when omitted.
                             */
                            content?: string;
                            /**
                             * MastodonConfigurations: only the listed fields are accepted.
                             */
                            platformSpecificData?: components["schemas"]["MastodonConfigurations"];
                        }))[];
                        /**
                         * `auto` (default): media a target’s platform would refuse (size, aspect ratio, format, codec…) is converted for that target, and its warningMessage says what was done; media every target accepts is published untouched. `off`: such media is refused at create, with the rule in words.
                         */
                        mediaProcessing?: "auto" | "off";
                        /**
                         * How converted media is fitted to an aspect ratio the platform accepts: `pad` (default, a blurred border, nothing cut) or `crop` (centre). A target’s platformSpecificData.fit overrides it.
                         */
                        fit?: "pad" | "crop";
                        /**
                         * True: a video longer than a platform allows is trimmed to its limit for that target; otherwise it is refused with the length and the limit.
                         */
                        trim?: boolean;
                        /**
                         * Posted as a comment (a reply on X, Bluesky and Threads) under each target once it is live, where the platform can comment on the account’s own post: Facebook Pages, Instagram, LinkedIn, Threads, X, Bluesky, YouTube (YouTube’s own platformSpecificData.firstComment replaces it there). TikTok, Pinterest and Google Business targets skip it (their answers say `skipped`). Each platform’s comment length rule is checked at create. A comment that fails leaves the target published with a warningMessage (the post ends partial).
                         */
                        firstComment?: string;
                        /**
                         * IANA name, default UTC.
                         */
                        timezone?: string;
                        /**
                         * Save as a draft: nothing is charged or published. Problems that only matter at publication are listed in the answer’s `problems` instead of refusing it; schedule it with POST /v1/posts/{postId}/schedule.
                         */
                        draft?: boolean;
                        /**
                         * Repeat the post. Each occurrence is created as its own scheduled post when the one before it has finished, charged then and announced by post.scheduled; occurrences keep the first one’s local time of day.
                         */
                        recurrence?: {
                            /**
                             * Repeat every N units.
                             */
                            every: number;
                            unit: "day" | "week" | "month";
                            /**
                             * No occurrence after this: a date (YYYY-MM-DD, through that whole day) or a date-time, read in the post’s time zone.
                             */
                            until?: string;
                            /**
                             * Occurrences in all, the first included.
                             */
                            count?: number;
                        };
                        /**
                         * Alternative texts for a recurring post, used in turn after `content` (occurrence 1 takes variants[0], …), because some platforms refuse the same text twice. Targets with their own `content` keep it.
                         */
                        variants?: string[];
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * False only when every target failed.
                             */
                            success: boolean;
                            status: "draft" | "pending" | "scheduled" | "publishing" | "published" | "failed" | "partial";
                            postId: string;
                            /**
                             * For a queued post: the slot it took.
                             * Format: date-time
                             */
                            scheduledFor?: string;
                            /**
                             * When the post recurs: its series.
                             */
                            seriesId?: string;
                            /**
                             * For a post awaiting approval (status pending): what happens next.
                             */
                            message?: string;
                            /**
                             * Drafts only: what would stop the draft from being scheduled now.
                             */
                            problems?: ({
                                scope: "schedule" | "post" | "target";
                                /**
                                 * Index in `platforms`, or null.
                                 */
                                target: number | null;
                                platform: string | null;
                                /**
                                 * The field the message names (`content`, `platformSpecificData.boardId`, `accountId`...).
                                 */
                                field: string | null;
                                /**
                                 * The message exactly as POST /v1/posts would write it.
                                 */
                                message: string;
                            })[];
                            platforms: ({
                                platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                                /**
                                 * The account this result is for (accountId of the target).
                                 */
                                integrationId: string;
                                success: boolean;
                                platformPostUrl?: string;
                                error?: string;
                                warningMessage?: string;
                                /**
                                 * true when published to the sandbox simulator, not the real platform.
                                 */
                                sandbox?: boolean;
                                /**
                                 * Present when the target has a first comment to post, or skips the post’s.
                                 */
                                firstComment?: {
                                    /**
                                     * pending: the target is not live yet or the comment is on its way; posted; failed: not posted (warningMessage says why, or the target failed); skipped: the platform can not comment on the post.
                                     */
                                    status: "pending" | "posted" | "failed" | "skipped";
                                    /**
                                     * The comment's id on the platform, once posted.
                                     */
                                    commentId?: string;
                                };
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/posts/{postId}/schedule": {
        /**
         * Schedule a draft
         *
         * Publishes a draft now (`publishNow: true`), at `scheduledFor` (read in `timezone`, default the draft’s), or in the next free slot of its accounts’ posting queue (`queue: true`). Every check of create runs now and 1 credit per target is charged now (402 when they can not be paid); from then on it is a scheduled post like any other, announced by post.scheduled. A draft with `recurrence` starts its series here. Where approval applies (always for a contributor) the draft becomes `pending` instead, awaiting approval, and nothing is charged yet. An `Idempotency-Key` header makes a retry answer the first answer. 409 when the post is not a draft.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    postId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        publishNow?: boolean;
                        /**
                         * ISO 8601; without an offset it is read in `timezone`.
                         */
                        scheduledFor?: string;
                        /**
                         * IANA name.
                         */
                        timezone?: string;
                        /**
                         * Take the next free slot of the posting queue.
                         */
                        queue?: boolean;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * False only when every target failed.
                             */
                            success: boolean;
                            status: "draft" | "pending" | "scheduled" | "publishing" | "published" | "failed" | "partial";
                            postId: string;
                            /**
                             * For a queued post: the slot it took.
                             * Format: date-time
                             */
                            scheduledFor?: string;
                            /**
                             * When the post recurs: its series.
                             */
                            seriesId?: string;
                            /**
                             * For a post awaiting approval (status pending): what happens next.
                             */
                            message?: string;
                            /**
                             * Drafts only: what would stop the draft from being scheduled now.
                             */
                            problems?: ({
                                scope: "schedule" | "post" | "target";
                                /**
                                 * Index in `platforms`, or null.
                                 */
                                target: number | null;
                                platform: string | null;
                                /**
                                 * The field the message names (`content`, `platformSpecificData.boardId`, `accountId`...).
                                 */
                                field: string | null;
                                /**
                                 * The message exactly as POST /v1/posts would write it.
                                 */
                                message: string;
                            })[];
                            platforms: ({
                                platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                                /**
                                 * The account this result is for (accountId of the target).
                                 */
                                integrationId: string;
                                success: boolean;
                                platformPostUrl?: string;
                                error?: string;
                                warningMessage?: string;
                                /**
                                 * true when published to the sandbox simulator, not the real platform.
                                 */
                                sandbox?: boolean;
                                /**
                                 * Present when the target has a first comment to post, or skips the post’s.
                                 */
                                firstComment?: {
                                    /**
                                     * pending: the target is not live yet or the comment is on its way; posted; failed: not posted (warningMessage says why, or the target failed); skipped: the platform can not comment on the post.
                                     */
                                    status: "pending" | "posted" | "failed" | "skipped";
                                    /**
                                     * The comment's id on the platform, once posted.
                                     */
                                    commentId?: string;
                                };
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not enough credits (monthly allowance plus purchased credits).
                 */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/queue": {
        /**
         * Read a posting queue
         *
         * The weekly time slots of a profile’s posting queue (`profileId`), or of the project’s own queue for accounts without a profile. A queue never set has no slots.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * The profile whose queue this is; omit for the project’s own queue (accounts without a profile).
                     */
                    profileId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            queue: {
                                profileId: string | null;
                                timezone: string;
                                slots: ({
                                    day: "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";
                                    /**
                                     * Local time HH:MM (24-hour).
                                     */
                                    time: string;
                                })[];
                                paused: boolean;
                                /**
                                 * Null while the queue was never set.
                                 */
                                updatedAt: string | null;
                            };
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Set a posting queue
         *
         * Replaces the weekly time slots (weekday and local time in `timezone`) of a profile’s queue, or of the project’s own queue without `profileId`. Posts already queued keep the times they took. `paused: true` refuses new queued posts until it is set back. A slot keeps its local time across daylight-saving changes.
         */
        put: {
            parameters: {
                query?: {
                    /**
                     * The profile whose queue this is; omit for the project’s own queue (accounts without a profile).
                     */
                    profileId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * IANA zone the slot times are read in.
                         */
                        timezone: string;
                        slots: ({
                            day: "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";
                            /**
                             * Local time HH:MM (24-hour).
                             */
                            time: string;
                        })[];
                        /**
                         * While true, no post can be added to the queue.
                         */
                        paused?: boolean;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                            queue: {
                                profileId: string | null;
                                timezone: string;
                                slots: ({
                                    day: "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";
                                    /**
                                     * Local time HH:MM (24-hour).
                                     */
                                    time: string;
                                })[];
                                paused: boolean;
                                /**
                                 * Null while the queue was never set.
                                 */
                                updatedAt: string | null;
                            };
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/queue/slots": {
        /**
         * List the next free queue slots
         *
         * The next `count` slots of the queue that no queued post holds yet, in UTC and in the queue’s local time: the first is the one `queue: true` would take now. Empty when the queue has no slots.
         */
        get: {
            parameters: {
                query?: {
                    profileId?: string;
                    /**
                     * @default 10
                     */
                    count?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            profileId: string | null;
                            timezone: string;
                            slots: ({
                                /**
                                 * The slot, UTC.
                                 * Format: date-time
                                 */
                                scheduledFor: string;
                                /**
                                 * The slot in the queue’s zone, YYYY-MM-DDTHH:MM.
                                 */
                                local: string;
                                day: string;
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/queue/suggested-slots": {
        /**
         * Suggested queue slots from the best times to post
         *
         * The best hours to post (as GET /v1/analytics/best-times ranks them, for the profile's accounts, or the accounts without a profile when profileId is left out) as weekly queue slots: each slot's `day` and `time` are PUT /v1/queue's slot fields. With too few published posts, `basedOn` is `defaults` and the slots are general defaults, marked as such.
         */
        get: {
            parameters: {
                query?: {
                    profileId?: string;
                    /**
                     * @default 7
                     */
                    count?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            profileId: string | null;
                            timezone: string;
                            /**
                             * history: ranked from the accounts' own posts; defaults: too few posts, general defaults.
                             */
                            basedOn: "history" | "defaults";
                            /**
                             * Why the answer is what it is, in a sentence.
                             */
                            note: string;
                            postsConsidered: number;
                            slots: ({
                                day: "sunday" | "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday";
                                /**
                                 * Start of the hour, local time.
                                 */
                                time: string;
                                /**
                                 * Mean engagement rate of the posts published in that hour; null for a default slot.
                                 */
                                engagementRate: number | null;
                                /**
                                 * Published posts behind the rate (0 for a default slot).
                                 */
                                posts: number;
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/series/{seriesId}": {
        /**
         * Read a recurring series
         *
         * Its rule, texts and state, every occurrence created so far (each a post), and when the next one is due.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    seriesId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            series: {
                                seriesId: string;
                                status: "active" | "paused" | "ended";
                                /**
                                 * Why it is paused or ended.
                                 */
                                statusReason: string | null;
                                /**
                                 * Repeat the post. Each occurrence is created as its own scheduled post when the one before it has finished, charged then and announced by post.scheduled; occurrences keep the first one’s local time of day.
                                 */
                                recurrence: {
                                    /**
                                     * Repeat every N units.
                                     */
                                    every: number;
                                    unit: "day" | "week" | "month";
                                    /**
                                     * No occurrence after this: a date (YYYY-MM-DD, through that whole day) or a date-time, read in the post’s time zone.
                                     */
                                    until?: string;
                                    /**
                                     * Occurrences in all, the first included.
                                     */
                                    count?: number;
                                };
                                variants: string[];
                                timezone: string;
                                occurrencesCreated: number;
                                /**
                                 * When the next occurrence is or will be due; null when paused or ended.
                                 */
                                nextAt: string | null;
                                occurrences: ({
                                    postId: string;
                                    index: number;
                                    status: string;
                                    scheduledFor: string | null;
                                })[];
                                /**
                                 * Format: date-time
                                 */
                                createdAt: string;
                                /**
                                 * Format: date-time
                                 */
                                updatedAt: string;
                            };
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * End a recurring series
         *
         * No further occurrence is created. The occurrence waiting to be published is cancelled (back to draft) and its credits refunded; published occurrences stay.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    seriesId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                            cancelledPostIds: string[];
                            creditsRefunded: number;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Change or pause a recurring series
         *
         * A new `recurrence` counts from the latest occurrence’s time; occurrences already created keep theirs. New `variants` apply from the next occurrence. `paused: true` stops new occurrences after the one already scheduled; `paused: false` resumes (and creates the next occurrence at once when none is waiting). 409 once the series has ended.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    seriesId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Repeat the post. Each occurrence is created as its own scheduled post when the one before it has finished, charged then and announced by post.scheduled; occurrences keep the first one’s local time of day.
                         */
                        recurrence?: {
                            /**
                             * Repeat every N units.
                             */
                            every: number;
                            unit: "day" | "week" | "month";
                            /**
                             * No occurrence after this: a date (YYYY-MM-DD, through that whole day) or a date-time, read in the post’s time zone.
                             */
                            until?: string;
                            /**
                             * Occurrences in all, the first included.
                             */
                            count?: number;
                        };
                        /**
                         * Alternative texts for a recurring post, used in turn after `content` (occurrence 1 takes variants[0], …), because some platforms refuse the same text twice. Targets with their own `content` keep it.
                         */
                        variants?: string[];
                        paused?: boolean;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            series: {
                                seriesId: string;
                                status: "active" | "paused" | "ended";
                                /**
                                 * Why it is paused or ended.
                                 */
                                statusReason: string | null;
                                /**
                                 * Repeat the post. Each occurrence is created as its own scheduled post when the one before it has finished, charged then and announced by post.scheduled; occurrences keep the first one’s local time of day.
                                 */
                                recurrence: {
                                    /**
                                     * Repeat every N units.
                                     */
                                    every: number;
                                    unit: "day" | "week" | "month";
                                    /**
                                     * No occurrence after this: a date (YYYY-MM-DD, through that whole day) or a date-time, read in the post’s time zone.
                                     */
                                    until?: string;
                                    /**
                                     * Occurrences in all, the first included.
                                     */
                                    count?: number;
                                };
                                variants: string[];
                                timezone: string;
                                occurrencesCreated: number;
                                /**
                                 * When the next occurrence is or will be due; null when paused or ended.
                                 */
                                nextAt: string | null;
                                occurrences: ({
                                    postId: string;
                                    index: number;
                                    status: string;
                                    scheduledFor: string | null;
                                })[];
                                /**
                                 * Format: date-time
                                 */
                                createdAt: string;
                                /**
                                 * Format: date-time
                                 */
                                updatedAt: string;
                            };
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/usage": {
        /**
         * Credit usage by month
         *
         * Monthly credit counts for the project, one profile or one integration of it (profileId and integrationId are mutually exclusive; an id that is not the project's is 404). Each month splits its count by category (`categories`: publishing, deletion, analytics, aiCaption, aiImage, which add up to `count`) and its publishing credits by platform (`platform`, which adds up to `categories.publishing`). The project-level answer (neither filter given) also has the current balance, and the money spent on platforms that charge per call (`platformSpend`, with `platformPrices` and `spendCaps`). `prices` says what each paid call costs.
         */
        get: {
            parameters: {
                query?: {
                    profileId?: string;
                    integrationId?: string;
                    /**
                     * Inclusive start month, YYYY-MM.
                     */
                    from?: string;
                    /**
                     * Inclusive end month, YYYY-MM.
                     */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            totalUsage: number;
                            usage: ({
                                year: number;
                                month: number;
                                count: number;
                                /**
                                 * Publishing credits (1 per target platform of a post, and the targets a scheduled edit adds, less refunds) by platform name. They add up to `categories.publishing`; the other categories are not split by platform.
                                 */
                                platform: {
                                    [key: string]: number;
                                };
                                /**
                                 * Every credit of the month by what it was spent on; they add up to `count`. A refund counts under the charge it returns.
                                 */
                                categories: {
                                    /**
                                     * Posts: 1 credit per target platform (the sum of `platform`).
                                     */
                                    publishing: number;
                                    /**
                                     * DELETE /v1/posts/{postId}?deleteFromPlatforms=true: 1 credit per platform.
                                     */
                                    deletion: number;
                                    /**
                                     * GET /v1/analytics and the Instagram demographics and account insights: 1 credit per call.
                                     */
                                    analytics: number;
                                    /**
                                     * POST /v1/ai/write: 2 credits per caption.
                                     */
                                    aiCaption: number;
                                    /**
                                     * POST /v1/ai/image: 10 credits per image.
                                     */
                                    aiImage: number;
                                    /**
                                     * Credits of a kind this version does not know (0 unless another version wrote them).
                                     */
                                    other: number;
                                };
                            })[];
                            /**
                             * The project's credits; only in the answer without profileId or integrationId.
                             */
                            balance?: {
                                monthly: {
                                    limit: number;
                                    used: number;
                                    remaining: number;
                                    /**
                                     * Format: date-time
                                     */
                                    cycleStart: string;
                                    /**
                                     * Format: date-time
                                     */
                                    cycleEnd: string;
                                };
                                purchased: {
                                    total: number;
                                    used: number;
                                    remaining: number;
                                };
                            };
                            /**
                             * Money the project's calls cost on platforms that charge for them (X's pay-per-use prices), by month and platform; only in the project-level answer.
                             */
                            platformSpend?: ({
                                year: number;
                                month: number;
                                platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                                /**
                                 * Money spent, in `currency` (not credits).
                                 */
                                amount: number;
                                currency: string;
                            })[];
                            /**
                             * The platform prices in force; only in the project-level answer.
                             */
                            platformPrices?: ({
                                platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                                callKind: string;
                                amount: number;
                                currency: string;
                                says: string;
                                /**
                                 * Where the price was read, or PLATFORM_PRICES when the operator set it.
                                 */
                                source: string;
                            })[];
                            /**
                             * Monthly platform spend caps (PUT /v1/usage/caps); only in the project-level answer.
                             */
                            spendCaps?: {
                                [key: string]: {
                                    monthly: number;
                                    currency: string;
                                };
                            };
                            /**
                             * What the paid calls cost, charged only when they succeed.
                             */
                            prices: {
                                /**
                                 * Credits of one POST /v1/ai/write caption.
                                 */
                                aiCaption: number;
                                /**
                                 * Credits of one POST /v1/ai/image image.
                                 */
                                aiImage: number;
                                /**
                                 * Credits of one GET /v1/analytics call, or one Instagram demographics or insights read.
                                 */
                                analytics: number;
                            };
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/usage/caps": {
        /**
         * Monthly platform spend caps
         *
         * The most the project may spend, per calendar month (UTC), on each platform that charges for the calls the service makes (X), in the currency of its prices.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            caps: {
                                [key: string]: {
                                    monthly: number;
                                    currency: string;
                                };
                            };
                        };
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Set or remove monthly platform spend caps
         *
         * Sets each named platform's monthly cap (`{"twitter": {"monthly": 50}}`) or removes it (`{"monthly": null}`); platforms not named keep theirs. A create whose targets would take a platform's spend this month past its cap is refused with 402, naming the cap and the spend so far; a scheduled target that would pass it when its time comes fails with that reason (its credit refunded), and `account.spend_cap_reached` is sent once per platform and month.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        [key: string]: {
                            monthly: number | null;
                        };
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            caps: {
                                [key: string]: {
                                    monthly: number;
                                    currency: string;
                                };
                            };
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/connect/integrations": {
        /**
         * List integrations
         *
         * `profileId=null` selects integrations without a profile; `q` searches displayName, username and platformUserId (case-insensitive). Sorted by createdAt.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * One value of Platform
                     */
                    platform?: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                    profileId?: string;
                    q?: string;
                    /**
                     * @default 20
                     */
                    limit?: number;
                    /**
                     * @default 0
                     */
                    offset?: number;
                    /**
                     * @default "desc"
                     */
                    sort?: "asc" | "desc";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            total: number;
                            integrations: components["schemas"]["Integration"][];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
    };
    "/v1/connect/integrations/health": {
        /**
         * Health of every account
         *
         * Per account of the project: whether it can publish now (`canPublish`; when not, a one-sentence `reason` and the `action` to take), when its token expires and whether the service renews it, the capabilities (publish, comments, messages, analytics) its granted scopes lack, its latest publish outcome, and whether the platform is rate-limiting it now (`rateLimitedUntil`). Nothing is asked of the platforms: it is what the service recorded. `profileId=null` selects accounts without a profile. Sorted by the integration’s createdAt.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * One value of Platform
                     */
                    platform?: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                    profileId?: string;
                    /**
                     * @default 20
                     */
                    limit?: number;
                    /**
                     * @default 0
                     */
                    offset?: number;
                    /**
                     * @default "desc"
                     */
                    sort?: "asc" | "desc";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            total: number;
                            accounts: ({
                                integrationId: string;
                                /**
                                 * One value of Platform
                                 */
                                platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                                profileId: string | null;
                                displayName: string | null;
                                username: string | null;
                                authStatus: "active" | "needs_reconnect" | "revoked";
                                /**
                                 * A post to this account can be published now (a rate limit only delays it: see rateLimited).
                                 */
                                canPublish: boolean;
                                /**
                                 * Why it can not publish, in one sentence.
                                 */
                                reason: string | null;
                                /**
                                 * What to do about it.
                                 */
                                action: string | null;
                                /**
                                 * When the access token expires; null when it does not.
                                 */
                                tokenExpiresAt: string | null;
                                /**
                                 * The service renews the token without the user.
                                 */
                                refreshable: boolean;
                                /**
                                 * Capabilities of the platform the user did not grant the scopes for (empty when the platform reported no scopes).
                                 */
                                missingCapabilities: ("publish" | "comments" | "messages" | "analytics")[];
                                /**
                                 * The scopes behind missingCapabilities.
                                 */
                                missingScopes: string[];
                                /**
                                 * The latest final outcome of a post target of this account; null before the first.
                                 */
                                lastPublish: ({
                                    status: "published" | "failed";
                                    /**
                                     * Format: date-time
                                     */
                                    at: string;
                                    errorMessage: string | null;
                                }) | null;
                                /**
                                 * The platform is rate-limiting this account (or its quota is used up) now; posts wait.
                                 */
                                rateLimited: boolean;
                                /**
                                 * When the wait ends.
                                 */
                                rateLimitedUntil: string | null;
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
    };
    "/v1/connect/integrations/{id}": {
        /**
         * Read an integration
         *
         * With scopes, token expiry times, tokenStatus and `health`: whether it can publish now (and if not, why and what to do), the capabilities its granted scopes lack, its latest publish outcome, and whether the platform is rate-limiting it now. Tokens themselves are never returned.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            integration: components["schemas"]["IntegrationWithHealth"];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
        /**
         * Disconnect an integration
         *
         * Revokes the token at the platform where possible and deletes the integration.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
        /**
         * Move an integration to another profile
         *
         * `profileId: null` leaves it unassigned. Credentials and posts are unchanged.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        profileId: string | null;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            integration: components["schemas"]["IntegrationDetail"];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
    };
    "/v1/connect/facebook/selection/{token}": {
        /**
         * List the facebook accounts offered by a selection token
         *
         * Facebook Pages (type page), the LinkedIn member's own profile (type person) and organization pages (type organization), or Google Business Profile locations (type location) the user may connect. The token is one-time and short-lived.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            platform: "facebook";
                            expiresInSeconds: number;
                            accounts: ({
                                /**
                                 * Pass it in selectedAccountIds.
                                 */
                                id: string;
                                type: "page";
                                platformUserId: string;
                                displayName: string | null;
                                username: string | null;
                                imageUrl: string | null;
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
        /**
         * Connect the selected facebook accounts
         *
         * Saves only the selected accounts as integrations and invalidates the token.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        selectedAccountIds: string[];
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            platform: "facebook";
                            message: string;
                            redirectUri: string | null;
                            integrations: components["schemas"]["Integration"][];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
    };
    "/v1/connect/linkedin/selection/{token}": {
        /**
         * List the linkedin accounts offered by a selection token
         *
         * Facebook Pages (type page), the LinkedIn member's own profile (type person) and organization pages (type organization), or Google Business Profile locations (type location) the user may connect. The token is one-time and short-lived.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            platform: "linkedin";
                            expiresInSeconds: number;
                            accounts: ({
                                /**
                                 * Pass it in selectedAccountIds.
                                 */
                                id: string;
                                /**
                                 * person: the member's own profile; organization: a company page.
                                 */
                                type: "person" | "organization";
                                platformUserId: string;
                                displayName: string | null;
                                username: string | null;
                                imageUrl: string | null;
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
        /**
         * Connect the selected linkedin accounts
         *
         * Saves only the selected accounts as integrations and invalidates the token.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        selectedAccountIds: string[];
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            platform: "linkedin";
                            message: string;
                            redirectUri: string | null;
                            integrations: components["schemas"]["Integration"][];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
    };
    "/v1/connect/googlebusiness/selection/{token}": {
        /**
         * List the googlebusiness accounts offered by a selection token
         *
         * Facebook Pages (type page), the LinkedIn member's own profile (type person) and organization pages (type organization), or Google Business Profile locations (type location) the user may connect. The token is one-time and short-lived.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            platform: "googlebusiness";
                            expiresInSeconds: number;
                            accounts: ({
                                /**
                                 * Pass it in selectedAccountIds.
                                 */
                                id: string;
                                /**
                                 * A Google Business Profile location.
                                 */
                                type: "location";
                                platformUserId: string;
                                displayName: string | null;
                                username: string | null;
                                imageUrl: string | null;
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
        /**
         * Connect the selected googlebusiness accounts
         *
         * Saves only the selected accounts as integrations and invalidates the token.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        selectedAccountIds: string[];
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            platform: "googlebusiness";
                            message: string;
                            redirectUri: string | null;
                            integrations: components["schemas"]["Integration"][];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
    };
    "/v1/connect/bluesky/auth": {
        /**
         * Connect a Bluesky account with an app password
         *
         * Opens a session at the Bluesky server (BLUESKY_PDS_URL) with the handle, DID or e-mail and an app password (xxxx-xxxx-xxxx-xxxx). The password is not stored. 401 when Bluesky refuses the credentials, 502 when the server can not be reached. Takes the query parameters of the other connect flows: `profileId` assigns the account (the body field of the same name also does; they must agree), `appId` must name an app of this project for bluesky (app passwords need no OAuth client, so it is only checked), `redirectUri` is echoed in the answer for the client to continue to, and `headless` and `cancelRedirectUri` change nothing here: there is no page to choose from and no browser redirect.
         */
        post: {
            parameters: {
                query?: {
                    /**
                     * Format: uri
                     */
                    redirectUri?: string;
                    /**
                     * Format: uri
                     */
                    cancelRedirectUri?: string;
                    /**
                     * @default false
                     */
                    headless?: boolean;
                    profileId?: string;
                    appId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        identifier: string;
                        password: string;
                        profileId?: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            integration: components["schemas"]["IntegrationDetail"];
                            redirectUri: string | null;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The social platform answered with an error.
                 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
    };
    "/v1/connect/telegram/auth": {
        /**
         * Connect a Telegram channel or group with a bot token
         *
         * Checks the bot token with Telegram (`getMe`), finds the chat (`getChat`: `@username` of a public channel or the numeric id of any chat the bot is in) and reads the bot's rights there (`getChatMember`): in a channel the bot must be an administrator allowed to post messages, in a group a member that may send messages. 400 says exactly what is missing (naming the bot and the chat); 401 when Telegram does not know the token; 502 when Telegram can not be reached. The chat becomes the integration; the token is stored sealed and used for nothing else. In sandbox mode `{"botToken": "sim-telegram-bot-token", "chatId": "@sim_channel"}` connects the simulator's channel. `profileId` (query or body; they must agree) assigns the account; `redirectUri` is echoed in the answer.
         */
        post: {
            parameters: {
                query?: {
                    /**
                     * Format: uri
                     */
                    redirectUri?: string;
                    profileId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * The bot token @BotFather gave (`123456789:AA…`).
                         */
                        botToken: string;
                        /**
                         * `@username` of a public channel or group, or the chat's numeric id (`-100…`).
                         */
                        chatId: string;
                        profileId?: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            integration: components["schemas"]["IntegrationDetail"];
                            redirectUri: string | null;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The social platform answered with an error.
                 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
    };
    "/v1/connect/{platform}": {
        /**
         * Start connecting an account
         *
         * Answers the platform authorization URL to open. After the user approves, the service stores the integration and redirects to `redirectUri` with `platform` and `integrationId` (or, for Facebook/LinkedIn pages with `headless=true` or several Pages, `status=selection_required` and a one-time `selectionToken` for the selection paths, which take the token as their credential: no access key needed). Without `redirectUri` the callback answers the same as JSON (`{success, platform, integrations}`, or `{success, platform, status: "selection_required", selectionToken, expiresInSeconds}`). When the user refuses or anything fails it redirects to `cancelRedirectUri` (else `redirectUri`) with `error=<code>`: access_denied, authorization_failed, state_expired, state_used, missing_code, app_unavailable, token_exchange_failed, account_lookup_failed, no_accounts. With `appId` the flow runs under your own OAuth app. Mastodon takes `instance` (the instance of the account, https only): the service registers its app on each instance itself, so there is nothing to configure and no `appId`. Bluesky connects with POST /v1/connect/bluesky/auth. A platform this service has no OAuth app for (and no `appId`) is 503, never 500 (a 500 is an unexpected error); both answer `{success: false, message, error}`, readable as either error shape; 4xx answers are `{success: false, message}`.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * Format: uri
                     */
                    redirectUri?: string;
                    /**
                     * Format: uri
                     */
                    cancelRedirectUri?: string;
                    /**
                     * @default false
                     */
                    headless?: boolean;
                    profileId?: string;
                    appId?: string;
                    /**
                     * Mastodon only: the https address of the instance to connect on (https://mastodon.social). The service registers its app there the first time. In sandbox mode it may be left out (the simulated instance).
                     */
                    instance?: string;
                };
                header?: never;
                path: {
                    /**
                     * The platform; bluesky and telegram answer 400 with how they connect (POST /v1/connect/bluesky/auth, POST /v1/connect/telegram/auth).
                     */
                    platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * Format: uri
                             */
                            url: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * An unexpected error only: when the work can not be done (no AI provider, the provider or the platform failed, the database is down) the answer is 503. Both carry `{success: false, message, error}`, readable in either error shape.
                 */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeAB"];
                    };
                };
                /**
                 * The social platform answered with an error.
                 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeAB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeAB"];
                    };
                };
            };
        };
    };
    "/v1/connect/sessions": {
        /**
         * Create a hosted connect link
         *
         * Answers a short-lived, single-use URL of a page the service hosts, where your customer connects their accounts without an access key: it lists `platforms` with your `branding`, runs each OAuth flow (with the Facebook Page, LinkedIn organization and Google Business location choice), takes a Bluesky app password, and when the customer chooses Done sends them to `redirectUri` with `integrationIds` (comma-separated, in connection order) and `platforms` (the platform of each id, same order); both are empty when nothing was connected. The link dies once the customer is sent back, or at `expiresAt` (CONNECT_SESSION_TTL_SECONDS); an expired or used link shows a page that says so. `redirectUri` must be https (plain http only for localhost, 127.0.0.1 or [::1]); `branding.logoUrl` https; `branding.accentColor` a hex colour. New integrations go to `profileId` when given. `apps` names your own OAuth app (its appId) per platform. A platform the service has no OAuth app for, and no entry of `apps` names one, is 503.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * The platforms the page offers, in this order.
                         */
                        platforms: ("twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon")[];
                        /**
                         * The profile new integrations join.
                         */
                        profileId?: string;
                        /**
                         * Format: uri
                         */
                        redirectUri: string;
                        branding?: {
                            /**
                             * Your product’s name.
                             */
                            name?: string;
                            /**
                             * Format: uri
                             */
                            logoUrl?: string;
                            /**
                             * e.g. #1d4ed8
                             */
                            accentColor?: string;
                        };
                        /**
                         * The appId of your own OAuth app (POST /v1/apps) per platform, e.g. {"linkedin": "app_…"}; a platform without one connects under the service’s app.
                         */
                        apps?: {
                            twitter?: string;
                            instagram?: string;
                            youtube?: string;
                            tiktok?: string;
                            pinterest?: string;
                            linkedin?: string;
                            bluesky?: string;
                            facebook?: string;
                            threads?: string;
                            googlebusiness?: string;
                            telegram?: string;
                            discord?: string;
                            reddit?: string;
                            mastodon?: string;
                        };
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            /**
                             * Send your customer here. Works once.
                             * Format: uri
                             */
                            url: string;
                            /**
                             * Format: date-time
                             */
                            expiresAt: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
    };
    "/v1/apps": {
        /**
         * List your OAuth apps
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * One value of Platform
                     */
                    platform?: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                    /**
                     * @default 1
                     */
                    page?: number;
                    /**
                     * @default 50
                     */
                    limit?: number;
                    name?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            total: number;
                            page: number;
                            limit: number;
                            apps: components["schemas"]["OAuthApp"][];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
        /**
         * Register your own OAuth app
         *
         * Connect accounts under it with `appId` on GET /v1/connect/{platform}. Register our callback `{PUBLIC_URL}/v1/connect/{platform}/callback` as its redirect URI. The clientSecret is stored encrypted and never returned. A clientId already registered for the platform in this project is 409.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * One value of Platform
                         */
                        platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                        name: string;
                        clientId: string;
                        clientSecret: string;
                        imageUrl?: string | null;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            app: components["schemas"]["OAuthApp"];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
    };
    "/v1/apps/{id}": {
        /**
         * Read an OAuth app
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            app: components["schemas"]["OAuthApp"];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
        /**
         * Delete an OAuth app
         *
         * 409 while integrations still use it.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
        /**
         * Rename an OAuth app, change its image or rotate its secret
         *
         * clientId and platform can not change: a refresh token is bound to the client that issued it; to use another client, create a new app and reconnect.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        imageUrl?: string | null;
                        clientSecret?: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            app: components["schemas"]["OAuthApp"];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
    };
    "/v1/pinterest/boards": {
        /**
         * List the boards of a Pinterest account
         *
         * The values usable as PinterestConfigurations.boardId. Pinterest's rate limit is 429 with its wait in Retry-After.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * The integration id. Optional: without it the project's only account of the platform is used; with several, the answer is 400 naming them.
                     */
                    accountId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            boards: ({
                                id: string;
                                name: string;
                                description: string | null;
                                privacy: string | null;
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The social platform answered with an error.
                 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
    };
    "/v1/tiktok/creator-info": {
        /**
         * Read what a TikTok creator may post now
         *
         * Privacy levels, interaction switches and the longest video allowed; read it before a direct post. TikTok's rate limit is 429 with its wait in Retry-After.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * The integration id. Optional: without it the project's only account of the platform is used; with several, the answer is 400 naming them.
                     */
                    accountId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            data: {
                                creatorAvatarUrl: string | null;
                                creatorUsername: string | null;
                                creatorNickname: string | null;
                                privacyLevelOptions: string[];
                                commentDisabled: boolean;
                                duetDisabled: boolean;
                                stitchDisabled: boolean;
                                maxVideoPostDurationSec: number | null;
                            };
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The social platform answered with an error.
                 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeB"];
                    };
                };
            };
        };
    };
    "/v1/comments": {
        /**
         * List the comments of a post
         *
         * Top-level comments, newest first, each with its first-level replies, on a Facebook Page, Instagram or Threads post of the account. Needs the platform permission to read comments (Facebook pages_read_user_content, Instagram instagram_business_manage_comments, Threads threads_read_replies or threads_manage_replies). Costs no credits.
         */
        get: {
            parameters: {
                query: {
                    /**
                     * facebook, instagram or threads
                     */
                    platform: "instagram" | "facebook" | "threads";
                    /**
                     * The integration id (GET /v1/connect/integrations); it must belong to your project.
                     */
                    accountId: string;
                    /**
                     * The platform's post id, or our own postId (the post's published target on this account is used).
                     */
                    postId: string;
                    /**
                     * @default 25
                     */
                    limit?: number;
                    /**
                     * The nextCursor of the previous page.
                     */
                    after?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            comments: ({
                                id: string;
                                text: string;
                                author: {
                                    id: string | null;
                                    name: string | null;
                                };
                                /**
                                 * Format: date-time
                                 */
                                timestamp: string;
                                /**
                                 * Threads reports no like counts for replies: 0.
                                 */
                                likeCount: number;
                                hidden: boolean;
                                /**
                                 * First-level replies.
                                 */
                                replies: ({
                                    id: string;
                                    text: string;
                                    author: {
                                        id: string | null;
                                        name: string | null;
                                    };
                                    /**
                                     * Format: date-time
                                     */
                                    timestamp: string;
                                    /**
                                     * Threads reports no like counts for replies: 0.
                                     */
                                    likeCount: number;
                                })[];
                            })[];
                            nextCursor: string | null;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The social platform answered with an error.
                 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Comment on a post, or reply to a comment
         *
         * With postId: a top-level comment (on Threads, a reply post to the post). With commentId: a reply to that comment. Give exactly one. Needs the platform permission to manage comments (Facebook pages_manage_engagement, Instagram instagram_business_manage_comments, Threads threads_manage_replies).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * facebook, instagram or threads
                         */
                        platform: "instagram" | "facebook" | "threads";
                        /**
                         * The integration id (GET /v1/connect/integrations); it must belong to your project.
                         */
                        accountId: string;
                        text: string;
                        /**
                         * A top-level comment on this post (the platform's id or our postId).
                         */
                        postId?: string;
                        /**
                         * A reply to this comment.
                         */
                        commentId?: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            commentId: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The social platform answered with an error.
                 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/comments/{commentId}": {
        /**
         * Delete a comment
         *
         * On a Facebook Page post or an Instagram post of the account. Not supported on Threads (400): hide the reply instead.
         */
        delete: {
            parameters: {
                query: {
                    /**
                     * facebook, instagram or threads
                     */
                    platform: "instagram" | "facebook" | "threads";
                    /**
                     * The integration id (GET /v1/connect/integrations); it must belong to your project.
                     */
                    accountId: string;
                };
                header?: never;
                path: {
                    commentId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The social platform answered with an error.
                 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Hide or show a comment
         *
         * hidden: true hides the comment from everyone but its author and the account; false shows it again. The platforms refuse some (400): the account's own comments, and on Threads replies below the top level.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    commentId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * facebook, instagram or threads
                         */
                        platform: "instagram" | "facebook" | "threads";
                        /**
                         * The integration id (GET /v1/connect/integrations); it must belong to your project.
                         */
                        accountId: string;
                        /**
                         * true hides the comment, false shows it again.
                         */
                        hidden: boolean;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The social platform answered with an error.
                 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/messages": {
        /**
         * List direct-message conversations
         *
         * Of an Instagram professional account, most recent activity first. Needs instagram_business_manage_messages. Conversations in the requests folder inactive for 30 days are not listed by Instagram.
         */
        get: {
            parameters: {
                query: {
                    /**
                     * instagram
                     */
                    platform: "instagram";
                    /**
                     * The integration id (GET /v1/connect/integrations); it must belong to your project.
                     */
                    accountId: string;
                    /**
                     * @default 20
                     */
                    limit?: number;
                    /**
                     * The nextCursor of the previous page.
                     */
                    after?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            /**
                             * The account's own id (to tell its messages from the other person's).
                             */
                            selfId: string;
                            selfUsername: string | null;
                            conversations: ({
                                id: string;
                                /**
                                 * The people in the conversation besides the account.
                                 */
                                participants: ({
                                    id: string;
                                    name: string | null;
                                    username: string | null;
                                    profilePictureUrl: string | null;
                                })[];
                                lastMessage: ({
                                    id: string;
                                    text: string | null;
                                    from: {
                                        id: string | null;
                                        name: string | null;
                                    };
                                    /**
                                     * Format: date-time
                                     */
                                    timestamp: string;
                                }) | null;
                                /**
                                 * Format: date-time
                                 */
                                updatedTime: string;
                            })[];
                            nextCursor: string | null;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The social platform answered with an error.
                 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Send a direct message
         *
         * A text message to a person who wrote to the account. Instagram accepts it only within 24 hours of their last message: later it is refused with 409.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * instagram
                         */
                        platform: "instagram";
                        /**
                         * The integration id (GET /v1/connect/integrations); it must belong to your project.
                         */
                        accountId: string;
                        /**
                         * The person's id (a participant id of the conversation).
                         */
                        recipientId: string;
                        /**
                         * At most 1000 bytes as UTF-8 (Instagram).
                         */
                        text: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            messageId: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The social platform answered with an error.
                 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/messages/{conversationId}": {
        /**
         * Read the messages of a conversation
         *
         * Newest first. Instagram gives the text and sender of the 20 most recent messages of a conversation only; older ones come with text and from null.
         */
        get: {
            parameters: {
                query: {
                    /**
                     * instagram
                     */
                    platform: "instagram";
                    /**
                     * The integration id (GET /v1/connect/integrations); it must belong to your project.
                     */
                    accountId: string;
                    /**
                     * @default 25
                     */
                    limit?: number;
                    /**
                     * The nextCursor of the previous page.
                     */
                    after?: string;
                };
                header?: never;
                path: {
                    conversationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            messages: ({
                                id: string;
                                text: string | null;
                                from: ({
                                    id: string | null;
                                    name: string | null;
                                }) | null;
                                /**
                                 * Format: date-time
                                 */
                                timestamp: string;
                            })[];
                            nextCursor: string | null;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The social platform answered with an error.
                 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/sandbox/comments": {
        /**
         * Sandbox: have someone comment on one of the account’s published posts
         *
         * Sandbox mode only: for an account whose platform runs on the simulator; any other account answers 409 and nothing is sent. The simulator adds the comment under `postId` (our post id; default: the account's most recently published post) as a Facebook Page, Instagram or Threads user would. It then arrives as a real one does: by the Meta webhook when the simulator has one registered, else by the engagement poll (comment.received), and GET /v1/comments lists it. Without `text` a sample comment is written. 400 for an account of another platform, 404 for an unknown account or post, 409 outside sandbox mode or without a published post, 502 when the simulator can not be reached.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        accountId: string;
                        /**
                         * Our post id (post_…)
                         */
                        postId?: string;
                        text?: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            /**
                             * The platform’s id of the comment
                             */
                            commentId: string;
                            text: string;
                            author: {
                                id: string;
                                name: string;
                            };
                            postId: string;
                            platformPostId: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The social platform answered with an error.
                 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/sandbox/messages": {
        /**
         * Sandbox: have someone send the Instagram account a direct message
         *
         * Sandbox mode only: for an account whose platform runs on the simulator; any other account answers 409 and nothing is sent. The simulator delivers the message to the Instagram account's inbox from `fromUsername` (default `sandbox_visitor`; the same name writes into the same conversation). It then arrives as a real one does: by the Meta webhook when the simulator has one registered, else by the engagement poll (message.received), and GET /v1/messages lists the conversation; the account may answer it for 24 hours. Without `text` a sample message is written. 400 for an account of another platform, 404 for an unknown account, 409 outside sandbox mode, 502 when the simulator can not be reached.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        accountId: string;
                        text?: string;
                        fromUsername?: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            conversationId: string;
                            messageId: string;
                            text: string;
                            from: {
                                id: string;
                                username: string;
                            };
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The social platform answered with an error.
                 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/analytics": {
        /**
         * Metrics of published posts across platforms
         *
         * source=postpeer (default): the posts published through this service. With postId: one post (our post id, or the platform's post id with accountId, and platform if you like); without: a page of the posts published between fromDate and toDate (default the last 90 days, at most 366). Metrics are cached for ANALYTICS_MAX_AGE_SECONDS and refreshed from each platform's API; values that could not be refreshed come from the cache with stale: true.
         *
         * source=platform: the posts of one connected account (accountId, required) read from the platform now, also posts not published through this service (postId null): the 100 newest of the date range; postId is then the platform's post id. Only platforms whose posts can be listed here (X, Facebook); another is 400 naming them.
         *
         * sortBy: date (default; publishedAt is the same), a metric (the aggregated value; posts without it last), or engagement (aggregated likes + comments + shares + saves). engagementRate: (likes + comments + shares + saves, those counted) / reach, or / impressions where reach is not counted; 0 to 1 (capped at 1), rounded to 4 decimals; null when no interaction is counted or neither reach nor impressions is known. Aggregated over a post, it is the sum of the engagement over the sum of the reach (or impressions) of the platforms that count both. 1 credit per call.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * postpeer (default): this service's posts; platform: the account's posts read now.
                     */
                    source?: "postpeer" | "platform";
                    /**
                     * Our post id, or the platform's post id (with accountId).
                     */
                    postId?: string;
                    /**
                     * With a platform's post id: its platform. Without postId: only this platform's posts.
                     */
                    platform?: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                    /**
                     * The integration: with a platform's post id; without postId, only this account's posts; always with source=platform.
                     */
                    accountId?: string;
                    /**
                     * YYYY-MM-DD (UTC), default 90 days before toDate.
                     */
                    fromDate?: string;
                    /**
                     * YYYY-MM-DD (UTC), default today.
                     */
                    toDate?: string;
                    /**
                     * Default date; a metric sorts by the aggregated value, engagement by the interactions.
                     */
                    sortBy?: "date" | "publishedAt" | "impressions" | "reach" | "views" | "likes" | "comments" | "shares" | "saves" | "clicks" | "engagement";
                    /**
                     * Default desc.
                     */
                    order?: "asc" | "desc";
                    /**
                     * Default 50.
                     */
                    limit?: number;
                    /**
                     * From 1.
                     */
                    page?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            success: boolean;
                            post: {
                                /**
                                 * Where the numbers come from: postpeer, this service's records of the posts it published (metrics cached and refreshed from each platform); platform, the connected account's posts read from the platform now.
                                 */
                                source: "postpeer" | "platform";
                                /**
                                 * Our post id; null for a post read from the platform (source platform).
                                 */
                                postId: string | null;
                                content: string;
                                publishedAt: string | null;
                                /**
                                 * Each count summed over the post's platforms; null when no platform counts it. engagementRate: (likes + comments + shares + saves, those counted) / reach, or / impressions where reach is not counted; 0 to 1 (capped at 1), rounded to 4 decimals; null when no interaction is counted or neither reach nor impressions is known. Aggregated over a post, it is the sum of the engagement over the sum of the reach (or impressions) of the platforms that count both.
                                 */
                                aggregated: {
                                    impressions: number | null;
                                    reach: number | null;
                                    likes: number | null;
                                    comments: number | null;
                                    shares: number | null;
                                    saves: number | null;
                                    clicks: number | null;
                                    views: number | null;
                                    engagementRate: number | null;
                                };
                                platforms: ({
                                    platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                                    platformPostId: string;
                                    platformPostUrl: string | null;
                                    /**
                                     * The post's counts on this platform; null for what the platform does not count. A platform without post metrics (Google Business Profile) has all nine null, and `message` says why. engagementRate: (likes + comments + shares + saves, those counted) / reach, or / impressions where reach is not counted; 0 to 1 (capped at 1), rounded to 4 decimals; null when no interaction is counted or neither reach nor impressions is known. Aggregated over a post, it is the sum of the engagement over the sum of the reach (or impressions) of the platforms that count both.
                                     */
                                    metrics: {
                                        impressions: number | null;
                                        reach: number | null;
                                        likes: number | null;
                                        comments: number | null;
                                        shares: number | null;
                                        saves: number | null;
                                        clicks: number | null;
                                        views: number | null;
                                        engagementRate: number | null;
                                    };
                                    /**
                                     * The integration the post is on.
                                     */
                                    accountId: string;
                                    publishedAt: string | null;
                                    fetchedAt: string | null;
                                    /**
                                     * True when the metrics are older than the cache allows or their last refresh failed (see message).
                                     */
                                    stale: boolean;
                                    /**
                                     * Why metrics are missing or stale: the platform has none for posts, the post is gone, the refresh failed.
                                     */
                                    message: string | null;
                                })[];
                                /**
                                 * The post status (published for a post read from the platform).
                                 */
                                status: string;
                            };
                        }) | ({
                            success: boolean;
                            posts: ({
                                /**
                                 * Where the numbers come from: postpeer, this service's records of the posts it published (metrics cached and refreshed from each platform); platform, the connected account's posts read from the platform now.
                                 */
                                source: "postpeer" | "platform";
                                /**
                                 * Our post id; null for a post read from the platform (source platform).
                                 */
                                postId: string | null;
                                content: string;
                                publishedAt: string | null;
                                /**
                                 * Each count summed over the post's platforms; null when no platform counts it. engagementRate: (likes + comments + shares + saves, those counted) / reach, or / impressions where reach is not counted; 0 to 1 (capped at 1), rounded to 4 decimals; null when no interaction is counted or neither reach nor impressions is known. Aggregated over a post, it is the sum of the engagement over the sum of the reach (or impressions) of the platforms that count both.
                                 */
                                aggregated: {
                                    impressions: number | null;
                                    reach: number | null;
                                    likes: number | null;
                                    comments: number | null;
                                    shares: number | null;
                                    saves: number | null;
                                    clicks: number | null;
                                    views: number | null;
                                    engagementRate: number | null;
                                };
                                platforms: ({
                                    platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                                    platformPostId: string;
                                    platformPostUrl: string | null;
                                    /**
                                     * The post's counts on this platform; null for what the platform does not count. A platform without post metrics (Google Business Profile) has all nine null, and `message` says why. engagementRate: (likes + comments + shares + saves, those counted) / reach, or / impressions where reach is not counted; 0 to 1 (capped at 1), rounded to 4 decimals; null when no interaction is counted or neither reach nor impressions is known. Aggregated over a post, it is the sum of the engagement over the sum of the reach (or impressions) of the platforms that count both.
                                     */
                                    metrics: {
                                        impressions: number | null;
                                        reach: number | null;
                                        likes: number | null;
                                        comments: number | null;
                                        shares: number | null;
                                        saves: number | null;
                                        clicks: number | null;
                                        views: number | null;
                                        engagementRate: number | null;
                                    };
                                    /**
                                     * The integration the post is on.
                                     */
                                    accountId: string;
                                    publishedAt: string | null;
                                    fetchedAt: string | null;
                                    /**
                                     * True when the metrics are older than the cache allows or their last refresh failed (see message).
                                     */
                                    stale: boolean;
                                    /**
                                     * Why metrics are missing or stale: the platform has none for posts, the post is gone, the refresh failed.
                                     */
                                    message: string | null;
                                })[];
                                /**
                                 * The post status (published for a post read from the platform).
                                 */
                                status: string;
                            })[];
                            total: number;
                            page: number;
                            limit: number;
                            sortBy: string;
                            order: string;
                            dateRange: {
                                fromDate: string;
                                toDate: string;
                            };
                        });
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not enough credits (monthly allowance plus purchased credits).
                 */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The social platform answered with an error.
                 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/analytics/instagram/demographics": {
        /**
         * Audience demographics of an Instagram account
         *
         * Follower, engaged-audience or reached-audience demographics by age, city, country and gender (top 45 entries per dimension; at least 100 in the audience). 1 credit per successful call.
         */
        get: {
            parameters: {
                query: {
                    /**
                     * The integration id (an Instagram account).
                     */
                    accountId: string;
                    /**
                     * Default follower_demographics.
                     */
                    metric?: "follower_demographics" | "engaged_audience_demographics" | "reached_audience_demographics";
                    /**
                     * Comma-separated from age, city, country, gender; default all four.
                     */
                    breakdown?: string;
                    /**
                     * this_week: the last 7 days; this_month (default): the last 30 days.
                     */
                    timeframe?: "this_week" | "this_month";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            accountId: string;
                            platform: "instagram";
                            metric: "follower_demographics" | "engaged_audience_demographics" | "reached_audience_demographics";
                            timeframe: "this_week" | "this_month";
                            demographics: {
                                age?: ({
                                    dimension: string;
                                    value: number;
                                })[];
                                city?: ({
                                    dimension: string;
                                    value: number;
                                })[];
                                country?: ({
                                    dimension: string;
                                    value: number;
                                })[];
                                gender?: ({
                                    dimension: string;
                                    value: number;
                                })[];
                            };
                            note: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not enough credits (monthly allowance plus purchased credits).
                 */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The social platform answered with an error.
                 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/analytics/instagram/account-insights": {
        /**
         * Account-wide insights of an Instagram account
         *
         * Reach, views, engagement and more over at most 90 days (default the last 30), as totals (optionally broken down by one dimension) or daily reach. 1 credit per successful call.
         */
        get: {
            parameters: {
                query: {
                    /**
                     * The integration id (an Instagram account).
                     */
                    accountId: string;
                    /**
                     * Comma-separated from reach, views, accounts_engaged, total_interactions, comments, likes, saves, shares, replies, reposts, follows_and_unfollows, profile_links_taps; default reach,views,accounts_engaged,total_interactions.
                     */
                    metrics?: string;
                    /**
                     * First day, YYYY-MM-DD (UTC); default 30 days before until.
                     */
                    since?: string;
                    /**
                     * Last day, YYYY-MM-DD (UTC); default today.
                     */
                    until?: string;
                    /**
                     * total_value (default): one aggregate per metric; time_series: daily values, reach only.
                     */
                    metricType?: "total_value" | "time_series";
                    /**
                     * One of media_product_type, follow_type, follower_type, contact_button_type, only with metricType=total_value and metrics that support it.
                     */
                    breakdown?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            accountId: string;
                            platform: "instagram";
                            dateRange: {
                                /**
                                 * Format: date
                                 */
                                since: string;
                                /**
                                 * Format: date
                                 */
                                until: string;
                            };
                            metricType: "total_value" | "time_series";
                            /**
                             * Keyed by metric name (reach, views, accounts_engaged, total_interactions, comments, likes, saves, shares, replies, reposts, follows_and_unfollows, profile_links_taps).
                             */
                            metrics: {
                                [key: string]: {
                                    total: number;
                                    values: ({
                                        date: string;
                                        value: number;
                                    })[];
                                    breakdowns: ({
                                        dimensionKeys: string[];
                                        results: ({
                                            dimensionValues: string[];
                                            value: number;
                                        })[];
                                    })[];
                                };
                            };
                            dataDelay: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not enough credits (monthly allowance plus purchased credits).
                 */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The social platform answered with an error.
                 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/analytics/accounts/{integrationId}/history": {
        /**
         * An account's daily history
         *
         * The account's daily snapshots (followers, following, posts; impressions, views and reach where its platform reports them) between `from` and `to`, as the service collected them (every ANALYTICS_SNAPSHOT_HOURS). Read from the service's own history: no credit is charged and no platform is asked. `limits` says what the platform's API can not give.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * First day, inclusive (default: 29 days before `to`).
                     */
                    from?: string;
                    /**
                     * Last day, inclusive (default: today).
                     */
                    to?: string;
                    /**
                     * Comma-separated: followers, following, posts, impressions, views, reach (default all).
                     */
                    metrics?: string;
                };
                header?: never;
                path: {
                    integrationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            integrationId: string;
                            platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                            /**
                             * YYYY-MM-DD (UTC).
                             */
                            from: string;
                            /**
                             * YYYY-MM-DD (UTC).
                             */
                            to: string;
                            metrics: ("followers" | "following" | "posts" | "impressions" | "views" | "reach")[];
                            days: ({
                                /**
                                 * YYYY-MM-DD (UTC).
                                 */
                                date: string;
                                followers?: number | null;
                                following?: number | null;
                                posts?: number | null;
                                impressions?: number | null;
                                views?: number | null;
                                reach?: number | null;
                            })[];
                            /**
                             * What this platform's API can not give the history, in a sentence.
                             */
                            limits: string;
                            lastCollectedAt: string | null;
                            lastError: string | null;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/analytics/posts/{postId}/history": {
        /**
         * A post's metrics over its first 30 days
         *
         * Per published target, its metrics as the service snapshotted them 1 h, 6 h, 24 h, 3 d, 7 d and 30 d after publishing (a snapshot taken late is filed under the largest age that had passed). Read from the service's own history: no credit is charged and no platform is asked.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    postId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            postId: string;
                            targets: ({
                                targetId: string;
                                platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                                accountId: string;
                                /**
                                 * Format: date-time
                                 */
                                publishedAt: string;
                                snapshots: ({
                                    /**
                                     * Hours after publishing: 1, 6, 24, 72, 168 or 720.
                                     */
                                    ageHours: number;
                                    /**
                                     * Format: date-time
                                     */
                                    collectedAt: string;
                                    engagement: number | null;
                                    impressions: number | null;
                                    reach: number | null;
                                    views: number | null;
                                    likes: number | null;
                                    comments: number | null;
                                    shares: number | null;
                                    saves: number | null;
                                    clicks: number | null;
                                })[];
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/analytics/summary": {
        /**
         * A period at a glance, per account and platform
         *
         * Per account (of one profile, or every account the caller reaches) and per platform: followers at the period's end and their change over it, the totals of the metrics of the posts published in it (each target's latest snapshot), the same for the period before of equal length, and the top posts by engagement. Read from the service's own history: no credit is charged and no platform is asked.
         */
        get: {
            parameters: {
                query?: {
                    profileId?: string;
                    /**
                     * First day, inclusive (default: 29 days before `to`).
                     */
                    from?: string;
                    /**
                     * Last day, inclusive (default: today).
                     */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            /**
                             * YYYY-MM-DD (UTC).
                             */
                            from: string;
                            /**
                             * YYYY-MM-DD (UTC).
                             */
                            to: string;
                            /**
                             * YYYY-MM-DD (UTC).
                             */
                            previousFrom: string;
                            /**
                             * YYYY-MM-DD (UTC).
                             */
                            previousTo: string;
                            accounts: ({
                                integrationId: string;
                                platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                                name: string | null;
                                username: string | null;
                                profileId: string | null;
                                followers: number | null;
                                /**
                                 * Followers at the period's end less at its start; null without snapshots at both.
                                 */
                                followersChange: number | null;
                                totals: {
                                    impressions: number;
                                    reach: number;
                                    views: number;
                                    likes: number;
                                    comments: number;
                                    shares: number;
                                    saves: number;
                                    clicks: number;
                                    /**
                                     * likes + comments + shares + saves.
                                     */
                                    engagement: number;
                                    /**
                                     * Published targets in the period with a snapshot.
                                     */
                                    posts: number;
                                };
                                previous: {
                                    followers: number | null;
                                    /**
                                     * Followers at the period's end less at its start; null without snapshots at both.
                                     */
                                    followersChange: number | null;
                                    totals: {
                                        impressions: number;
                                        reach: number;
                                        views: number;
                                        likes: number;
                                        comments: number;
                                        shares: number;
                                        saves: number;
                                        clicks: number;
                                        /**
                                         * likes + comments + shares + saves.
                                         */
                                        engagement: number;
                                        /**
                                         * Published targets in the period with a snapshot.
                                         */
                                        posts: number;
                                    };
                                };
                            })[];
                            platforms: ({
                                platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                                followers: number | null;
                                /**
                                 * Followers at the period's end less at its start; null without snapshots at both.
                                 */
                                followersChange: number | null;
                                totals: {
                                    impressions: number;
                                    reach: number;
                                    views: number;
                                    likes: number;
                                    comments: number;
                                    shares: number;
                                    saves: number;
                                    clicks: number;
                                    /**
                                     * likes + comments + shares + saves.
                                     */
                                    engagement: number;
                                    /**
                                     * Published targets in the period with a snapshot.
                                     */
                                    posts: number;
                                };
                                previous: {
                                    /**
                                     * Followers at the period's end less at its start; null without snapshots at both.
                                     */
                                    followersChange: number | null;
                                    totals: {
                                        impressions: number;
                                        reach: number;
                                        views: number;
                                        likes: number;
                                        comments: number;
                                        shares: number;
                                        saves: number;
                                        clicks: number;
                                        /**
                                         * likes + comments + shares + saves.
                                         */
                                        engagement: number;
                                        /**
                                         * Published targets in the period with a snapshot.
                                         */
                                        posts: number;
                                    };
                                };
                            })[];
                            topPosts: ({
                                postId: string;
                                engagement: number;
                                platforms: ("twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon")[];
                                /**
                                 * Format: date-time
                                 */
                                publishedAt: string;
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/analytics/best-times": {
        /**
         * The best hours to post, from the accounts’ own results
         *
         * Weekday × hour slots in the profile's queue time zone, ranked by the mean engagement rate (engagement over reach, impressions or views) of the posts the accounts published there in the last 180 days; an hour needs 3 posts to be ranked. With too few posts, `basedOn` is `defaults` and the slots are general defaults (weekday mornings and lunchtimes), not measured. Give profileId or integrationId. No credit is charged.
         */
        get: {
            parameters: {
                query?: {
                    profileId?: string;
                    integrationId?: string;
                    /**
                     * @default 10
                     */
                    count?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            timezone: string;
                            /**
                             * history: ranked from the accounts' own posts; defaults: too few posts, general defaults.
                             */
                            basedOn: "history" | "defaults";
                            /**
                             * Why the answer is what it is, in a sentence.
                             */
                            note: string;
                            postsConsidered: number;
                            slots: ({
                                day: "sunday" | "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday";
                                /**
                                 * Start of the hour, local time.
                                 */
                                time: string;
                                /**
                                 * Mean engagement rate of the posts published in that hour; null for a default slot.
                                 */
                                engagementRate: number | null;
                                /**
                                 * Published posts behind the rate (0 for a default slot).
                                 */
                                posts: number;
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/analytics/export": {
        /**
         * Export the metric snapshots as CSV
         *
         * One CSV row per published target and metric snapshot (post, target, platform, account, published and collected times, age in hours, and the eight metrics), for the posts published between `from` and `to` (default the last 90 days), of one profile or every account the caller reaches. Streamed; no credit is charged.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * Only csv for now.
                     * @default "csv"
                     */
                    format?: "csv";
                    profileId?: string;
                    /**
                     * First day, inclusive (default: 29 days before `to`).
                     */
                    from?: string;
                    /**
                     * Last day, inclusive (default: today).
                     */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * text/csv; a header line, then one line per snapshot.
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/approval/settings": {
        /**
         * Read the approval setting
         *
         * Whether posts wait for approval before they go out: the project’s mode and the profiles that have their own. A post’s mode is the strictest of its accounts’ profiles (or the project’s). Readable by every caller, so a contributor knows what will happen to their post.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            /**
                             * off: no approval step; nothing waits, and a contributor (who can not publish) saves drafts only: their publish, schedule and queue are refused with 403. contributors (the default): a contributor’s post waits for approval, editors and up publish directly. everyone: every post waits, whoever makes it.
                             */
                            approval: "off" | "contributors" | "everyone";
                            /**
                             * Profiles with a setting of their own; the others have the project’s.
                             */
                            profiles: ({
                                profileId: string;
                                /**
                                 * off: no approval step; nothing waits, and a contributor (who can not publish) saves drafts only: their publish, schedule and queue are refused with 403. contributors (the default): a contributor’s post waits for approval, editors and up publish directly. everyone: every post waits, whoever makes it.
                                 */
                                approval: "off" | "contributors" | "everyone";
                            })[];
                        };
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Change the approval setting
         *
         * Sets the project’s mode and, per profile, a mode of its own (`null` gives the profile the project’s again). Fields left out keep their value. Posts already waiting keep waiting.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * off: no approval step; nothing waits, and a contributor (who can not publish) saves drafts only: their publish, schedule and queue are refused with 403. contributors (the default): a contributor’s post waits for approval, editors and up publish directly. everyone: every post waits, whoever makes it.
                         */
                        approval?: "off" | "contributors" | "everyone";
                        profiles?: ({
                            profileId: string;
                            approval: "off" | "contributors" | "everyone" | null;
                        })[];
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            /**
                             * off: no approval step; nothing waits, and a contributor (who can not publish) saves drafts only: their publish, schedule and queue are refused with 403. contributors (the default): a contributor’s post waits for approval, editors and up publish directly. everyone: every post waits, whoever makes it.
                             */
                            approval: "off" | "contributors" | "everyone";
                            /**
                             * Profiles with a setting of their own; the others have the project’s.
                             */
                            profiles: ({
                                profileId: string;
                                /**
                                 * off: no approval step; nothing waits, and a contributor (who can not publish) saves drafts only: their publish, schedule and queue are refused with 403. contributors (the default): a contributor’s post waits for approval, editors and up publish directly. everyone: every post waits, whoever makes it.
                                 */
                                approval: "off" | "contributors" | "everyone";
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/approvals": {
        /**
         * List posts awaiting approval
         *
         * Posts with status `pending`, oldest first, each with who asked and when it asks to go out (`scheduledFor`, now, or the next queue slot). Approve with POST /v1/posts/{postId}/approve, or send back with POST /v1/posts/{postId}/reject.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * @default 20
                     */
                    limit?: number;
                    /**
                     * @default 0
                     */
                    offset?: number;
                    profileId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            total: number;
                            posts: (components["schemas"]["Post"] & {
                                approval: {
                                    /**
                                     * Who sent it for approval (an e-mail, or key:<id>).
                                     */
                                    requestedBy: string;
                                    /**
                                     * Format: date-time
                                     */
                                    requestedAt: string;
                                    /**
                                     * It asks to go out at once when approved.
                                     */
                                    publishNow: boolean;
                                    /**
                                     * It asks for the next free slot of its posting queue.
                                     */
                                    queue: boolean;
                                };
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/posts/{postId}/approve": {
        /**
         * Approve a post
         *
         * A post awaiting approval goes out as it asked: every check of create runs again and 1 credit per target is charged now (402 when they can not be paid); it is then scheduled for its time, or published now when it asked for now or its time has passed (`result` says which). Announced by post.approved (and post.scheduled for a scheduled post). An `Idempotency-Key` header makes a retry answer the first answer. 409 when the post is not pending (approved or sent back already).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    postId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        note?: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * False only when every target failed.
                             */
                            success: boolean;
                            status: "draft" | "pending" | "scheduled" | "publishing" | "published" | "failed" | "partial";
                            postId: string;
                            /**
                             * For a queued post: the slot it took.
                             * Format: date-time
                             */
                            scheduledFor?: string;
                            /**
                             * When the post recurs: its series.
                             */
                            seriesId?: string;
                            /**
                             * For a post awaiting approval (status pending): what happens next.
                             */
                            message?: string;
                            /**
                             * Drafts only: what would stop the draft from being scheduled now.
                             */
                            problems?: ({
                                scope: "schedule" | "post" | "target";
                                /**
                                 * Index in `platforms`, or null.
                                 */
                                target: number | null;
                                platform: string | null;
                                /**
                                 * The field the message names (`content`, `platformSpecificData.boardId`, `accountId`...).
                                 */
                                field: string | null;
                                /**
                                 * The message exactly as POST /v1/posts would write it.
                                 */
                                message: string;
                            })[];
                            platforms: ({
                                platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                                /**
                                 * The account this result is for (accountId of the target).
                                 */
                                integrationId: string;
                                success: boolean;
                                platformPostUrl?: string;
                                error?: string;
                                warningMessage?: string;
                                /**
                                 * true when published to the sandbox simulator, not the real platform.
                                 */
                                sandbox?: boolean;
                                /**
                                 * Present when the target has a first comment to post, or skips the post’s.
                                 */
                                firstComment?: {
                                    /**
                                     * pending: the target is not live yet or the comment is on its way; posted; failed: not posted (warningMessage says why, or the target failed); skipped: the platform can not comment on the post.
                                     */
                                    status: "pending" | "posted" | "failed" | "skipped";
                                    /**
                                     * The comment's id on the platform, once posted.
                                     */
                                    commentId?: string;
                                };
                            })[];
                        } & {
                            /**
                             * scheduled: for its time; published_now: it asked for now, or its time had passed.
                             */
                            result: "scheduled" | "published_now";
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not enough credits (monthly allowance plus purchased credits).
                 */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/posts/{postId}/pending": {
        /**
         * Edit a post awaiting approval
         *
         * The approver changes the text of a post awaiting approval before approving it: `content` is the post’s text, and each entry of `targets` an account’s own text (null: the account takes the post’s text). Accounts, media and options stay as sent, and so does the time it asked for. Every check of create runs on the edited post (400 with the problems, e.g. a text too long for a platform); the post stays pending, nothing is charged, and its history (GET /v1/posts/{postId}/notes) records who edited it. 409 when the post is not awaiting approval.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    postId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * The post’s text.
                         */
                        content: string;
                        /**
                         * Accounts whose own text changes; the others keep theirs.
                         */
                        targets?: ({
                            /**
                             * One of the post’s accounts.
                             */
                            accountId: string;
                            /**
                             * This account’s own text; null for the post’s text.
                             */
                            content: string | null;
                        })[];
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            postId: string;
                            status: "pending";
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/posts/{postId}/reject": {
        /**
         * Request changes on a post
         *
         * A post awaiting approval goes back to `draft` with the note in its history (GET /v1/posts/{postId}/notes); nothing had been charged. Announced by post.rejected. 409 when the post is not pending.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    postId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * What should change.
                         */
                        note: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            postId: string;
                            status: "draft";
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/posts/{postId}/notes": {
        /**
         * List a post’s notes and approval history
         *
         * Internal notes (never published, never shown on review links) and the approval history in one list, oldest first: who, when, what. A reviewer’s answer through a client review link carries the name they gave and the link’s id.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    postId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            notes: ({
                                id: string;
                                /**
                                 * note, or a step of the approval history.
                                 */
                                kind: "note" | "submitted" | "approved" | "changes_requested" | "review_approved" | "review_changes_requested";
                                /**
                                 * A member’s e-mail, key:<id> for an access key, or the name a reviewer gave.
                                 */
                                author: string;
                                reviewLinkId: string | null;
                                text: string;
                                /**
                                 * Format: date-time
                                 */
                                createdAt: string;
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Add a note to a post
         *
         * An internal note for the team, signed with the caller (a member’s e-mail, or key:<id>). At most 2000 characters.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    postId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        text: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            note: {
                                id: string;
                                /**
                                 * note, or a step of the approval history.
                                 */
                                kind: "note" | "submitted" | "approved" | "changes_requested" | "review_approved" | "review_changes_requested";
                                /**
                                 * A member’s e-mail, key:<id> for an access key, or the name a reviewer gave.
                                 */
                                author: string;
                                reviewLinkId: string | null;
                                text: string;
                                /**
                                 * Format: date-time
                                 */
                                createdAt: string;
                            };
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/posts/{postId}/notes/{noteId}": {
        /**
         * Delete one of your notes
         *
         * Only the note’s author can delete it (403 otherwise); lines of the approval history are kept (403).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    postId: string;
                    noteId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/review-links": {
        /**
         * List client review links
         *
         * Newest first, active, expired and revoked alike (`status`); the tokens are not shown again.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * @default 20
                     */
                    limit?: number;
                    /**
                     * @default 0
                     */
                    offset?: number;
                    postId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            total: number;
                            reviewLinks: ({
                                id: string;
                                postId: string | null;
                                profileId: string | null;
                                label: string | null;
                                createdBy: string;
                                /**
                                 * Whether the reviewer’s decision moves the post (the creator could approve); otherwise it is recorded only.
                                 */
                                canApprove: boolean;
                                status: "active" | "expired" | "revoked";
                                /**
                                 * Format: date-time
                                 */
                                expiresAt: string;
                                revokedAt: string | null;
                                /**
                                 * Format: date-time
                                 */
                                createdAt: string;
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Create a client review link
         *
         * A link for someone without an account to look at one post (`postId`) or a profile’s upcoming posts (`profileId`) as they will appear on each platform, and approve or request changes with their name and a comment. The answer carries the `url` (with its token) once; only a hash of the token is kept. It works until `expiresAt` (or `ttlHours`; default REVIEW_LINK_TTL_HOURS) or until revoked. The reviewer’s decision moves a pending post only when the link’s creator could approve (`canApprove`); otherwise it is recorded in the post’s notes.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * One post.
                         */
                        postId?: string;
                        /**
                         * The profile’s upcoming (pending and scheduled) posts.
                         */
                        profileId?: string;
                        /**
                         * ISO 8601 date-time.
                         */
                        expiresAt?: string;
                        /**
                         * Instead of expiresAt.
                         */
                        ttlHours?: number;
                        label?: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            reviewLink: {
                                id: string;
                                postId: string | null;
                                profileId: string | null;
                                label: string | null;
                                createdBy: string;
                                /**
                                 * Whether the reviewer’s decision moves the post (the creator could approve); otherwise it is recorded only.
                                 */
                                canApprove: boolean;
                                status: "active" | "expired" | "revoked";
                                /**
                                 * Format: date-time
                                 */
                                expiresAt: string;
                                revokedAt: string | null;
                                /**
                                 * Format: date-time
                                 */
                                createdAt: string;
                            };
                            /**
                             * The page to send to the reviewer; shown only here.
                             */
                            url: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/review-links/{id}": {
        /**
         * Revoke a client review link
         *
         * The link stops working at once (its page says it was revoked). Revoking it again answers the same.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            reviewLink: {
                                id: string;
                                postId: string | null;
                                profileId: string | null;
                                label: string | null;
                                createdBy: string;
                                /**
                                 * Whether the reviewer’s decision moves the post (the creator could approve); otherwise it is recorded only.
                                 */
                                canApprove: boolean;
                                status: "active" | "expired" | "revoked";
                                /**
                                 * Format: date-time
                                 */
                                expiresAt: string;
                                revokedAt: string | null;
                                /**
                                 * Format: date-time
                                 */
                                createdAt: string;
                            };
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/review/{token}": {
        /**
         * Open a client review link
         *
         * No access key: the token from the link is the credential. Each post as it will appear on each account (the text that platform gets, media, account name and handle, time). 404 for an unknown token; 403 saying why for a revoked or expired one. Rate limited per address.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            label: string | null;
                            /**
                             * Format: date-time
                             */
                            expiresAt: string;
                            canApprove: boolean;
                            posts: ({
                                postId: string;
                                status: string;
                                scheduledFor: string | null;
                                timezone: string;
                                mediaItems: ({
                                    type: string;
                                    url: string;
                                    thumbnail?: string;
                                })[];
                                platforms: ({
                                    platform: string;
                                    accountName: string | null;
                                    accountHandle: string | null;
                                    accountImageUrl: string | null;
                                    /**
                                     * The text this platform gets.
                                     */
                                    content: string;
                                })[];
                                canDecide: boolean;
                                decisions: ({
                                    decision: "approve" | "request_changes";
                                    name: string;
                                    comment: string;
                                    /**
                                     * Format: date-time
                                     */
                                    at: string;
                                })[];
                                /**
                                 * Once the post no longer awaits approval, the last decision on it (by the team or a reviewer); null while it waits or when it never awaited approval.
                                 */
                                outcome: ({
                                    decision: "approved" | "changes_requested";
                                    /**
                                     * Format: date-time
                                     */
                                    at: string;
                                }) | null;
                            })[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/review/{token}/decisions": {
        /**
         * Answer a client review link
         *
         * The reviewer approves a post of the link or requests changes (a comment is then required), giving their name. Always recorded in the post’s notes under that name. It moves a pending post as a member’s approval does (`moved: true`) only when the link may approve; approving may then be refused as any approval is (402 without credits, 409 when it is no longer pending). Rate limited per address.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        postId: string;
                        decision: "approve" | "request_changes";
                        /**
                         * Who answers, as the team will read it.
                         */
                        name: string;
                        comment?: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            postId: string;
                            status: string;
                            /**
                             * Whether the post was approved or sent back, or the answer only recorded.
                             */
                            moved: boolean;
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not enough credits (monthly allowance plus purchased credits).
                 */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/media/upload": {
        /**
         * Get a URL to upload a media file to
         *
         * Answers a short-lived, single-use `uploadUrl` and the `publicUrl` to put in `mediaItems`. Send the file as the body of `PUT uploadUrl` with its Content-Type (no access key: the URL is the credential); the PUT answers 200 with the stored type and size, 400 when the bytes are not the announced type or size, 403 when the URL is expired or altered, 409 when it was already used, 413 when the file is too large. The type and size are checked now and again on the bytes; `warnings` names the platforms that will refuse such a file. Uploaded media no post uses is deleted after MEDIA_RETENTION_DAYS.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * The file name (kept in the URL, made safe).
                         */
                        filename: string;
                        /**
                         * image/jpeg, image/png, image/gif, image/webp, video/mp4, video/quicktime, video/webm, application/pdf, Word or PowerPoint.
                         */
                        mimeType: string;
                        /**
                         * The exact size in bytes; when given, the upload must have it.
                         */
                        size?: number;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            data: {
                                /**
                                 * Format: uri
                                 */
                                uploadUrl: string;
                                /**
                                 * Format: uri
                                 */
                                publicUrl: string;
                                /**
                                 * Format: date-time
                                 */
                                expiresAt: string;
                                /**
                                 * The MediaItem type for this file.
                                 */
                                type: string;
                                warnings: string[];
                            };
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/media": {
        /**
         * List uploaded media
         *
         * The project's stored files (uploads whose bytes arrived, and images POST /v1/ai/image made), newest first, each with the posts that use it. An upload URL not used yet lists nothing.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * @default 20
                     */
                    limit?: number;
                    /**
                     * @default 0
                     */
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            total: number;
                            media: components["schemas"]["MediaFile"][];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/media/{id}": {
        /**
         * Read an uploaded media file
         *
         * Its record, with every post that uses it. 404 for a deleted file or one of another project.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            media: components["schemas"]["MediaFile"];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Delete an uploaded media file
         *
         * Deletes the stored file and its record. 409 while a post that is not published (a draft, a scheduled, publishing, failed or partly published post: those may still publish it) or a running series uses it; published posts keep their text, the platforms hold their own copies. 404 for a file of another project.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/ai/write": {
        /**
         * Write a caption with AI
         *
         * Writes a caption from a description that fits the strictest text limit of the given platforms (every platform when none are given), counted as publishing counts it. Costs 2 credits, charged only when a caption is returned; 402 (before the AI is asked) when fewer remain; 503 when no AI provider is configured or it fails (never 500 for that: a 500 is an unexpected error). Both answer `{success: false, message, error}`, readable as either error shape.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * What the post is about.
                         */
                        description: string;
                        /**
                         * The platforms the caption must fit.
                         */
                        platforms?: ("twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon")[];
                        /**
                         * A draft to improve instead of starting afresh.
                         */
                        existingContent?: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            content: string;
                            creditsCharged: number;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not enough credits (monthly allowance plus purchased credits).
                 */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * An unexpected error only: when the work can not be done (no AI provider, the provider or the platform failed, the database is down) the answer is 503. Both carry `{success: false, message, error}`, readable in either error shape.
                 */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeAB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeAB"];
                    };
                };
            };
        };
    };
    "/v1/ai/image": {
        /**
         * Generate an image with AI
         *
         * Generates an image from a description and stores it like an upload: `url` goes straight into `mediaItems`. Costs 10 credits, charged only when an image is returned; 402 (before the AI is asked) when fewer remain; 503 when no AI provider is configured or it fails (never 500 for that: a 500 is an unexpected error). Both answer `{success: false, message, error}`, readable as either error shape.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description: string;
                        /**
                         * square (default), vertical or landscape.
                         */
                        aspectRatio?: "square" | "vertical" | "landscape";
                        style?: "photo" | "illustration" | "minimal" | "vibrant" | "cinematic" | "3d-render" | "retro" | "hand-drawn";
                        /**
                         * Images whose look to follow.
                         */
                        referenceImageUrls?: string[];
                        /**
                         * Deprecated: one image whose look to follow; use referenceImageUrls. Taken as one more entry of referenceImageUrls (at most 4 in all).
                         * Format: uri
                         */
                        referenceImageUrl?: string;
                        /**
                         * Images (logos, products) to include.
                         */
                        assetImageUrls?: string[];
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            /**
                             * Format: uri
                             */
                            url: string;
                            mimeType: string;
                            creditsCharged: number;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not enough credits (monthly allowance plus purchased credits).
                 */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * An unexpected error only: when the work can not be done (no AI provider, the provider or the platform failed, the database is down) the answer is 503. Both carry `{success: false, message, error}`, readable in either error shape.
                 */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeAB"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeAB"];
                    };
                };
            };
        };
    };
    "/v1/audit": {
        /**
         * Read the audit log: who changed what, when and from where
         *
         * Every change made by a member, an access key, the CLI or the service itself, recorded in the same transaction as the change. Newest first. `action` matches one action (`post.created`) or, ending with a dot, a family (`post.`). Each entry names its actor, its object and the ids its summary mentions as a person knows them today (`displayName`, `references`), read from the project only. Owners and admins with access to every profile only. Entries are kept AUDIT_RETENTION_DAYS.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * @default 20
                     */
                    limit?: number;
                    /**
                     * @default 0
                     */
                    offset?: number;
                    actor?: string;
                    objectId?: string;
                    action?: string;
                    /**
                     * Format: date-time
                     */
                    from?: string;
                    /**
                     * Format: date-time
                     */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            total: number;
                            limit: number;
                            offset: number;
                            entries: components["schemas"]["AuditEntry"][];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/keys": {
        /**
         * List access keys
         *
         * Every access key of the project, revoked ones included, oldest first; the keys themselves are never shown again. A caller limited to profiles sees only keys limited to some of its profiles.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            keys: components["schemas"]["AccessKey"][];
                        };
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Create an access key
         *
         * The answer carries the key once (`accessKey`); only its hash is kept. `role` defaults to the caller's own and can not be above it (an admin can not create an owner key: 403). `profileIds` limits the key to those profiles; a caller limited to profiles creates only keys limited to some of its own (by default all of them), and a profile outside its reach is answered 404 like an unknown one.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string | null;
                        /**
                         * owner: everything; admin: members, keys, webhooks, apps; editor: connect accounts, publish, schedule, approve; contributor: drafts and posts that need approval; viewer: read only.
                         */
                        role?: "owner" | "admin" | "editor" | "contributor" | "viewer";
                        profileIds?: string[] | null;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            key: components["schemas"]["AccessKey"];
                            /**
                             * The key itself, shown this once.
                             */
                            accessKey: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/keys/{id}": {
        /**
         * Revoke an access key
         *
         * Requests with it answer 401 from now on, on every node within a second. A key with a role above the caller's is 403; a key that is unknown, already revoked, or limited to profiles outside a limited caller's reach is 404.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            key: components["schemas"]["AccessKey"];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/auth/methods": {
        /**
         * How people can sign in here
         *
         * For the sign-in page: whether an identity provider is configured (its button label) and whether password-reset e-mails can be sent.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            oidc: ({
                                label: string;
                                startUrl: string;
                            }) | null;
                            passwordResetByEmail: boolean;
                        };
                    };
                };
            };
        };
    };
    "/v1/auth/sign-in": {
        /**
         * Sign in with e-mail and password
         *
         * On success the answer sets the `sps_session` cookie (HttpOnly, SameSite=Lax, Secure when PUBLIC_URL is https): the dashboard then sends it instead of an access key. Changes made with the cookie must carry an Origin (or Referer) of the service itself. A wrong password, an unknown e-mail, a missing or wrong `totpCode` answer the same 401 and count alike. When the person enrolled a second factor, send `totpCode` too. Repeated failures are slowed down and then locked for a while (429 with Retry-After); attempts sent at once count as attempts in a row. A request with an Origin or Referer of another site is refused (403). A person in several projects is signed in to `projectId`, or else to the first project they joined.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * An e-mail address.
                         * Format: email
                         */
                        email: string;
                        password: string;
                        /**
                         * The 6-digit code of the authenticator app, or an unused recovery code.
                         */
                        totpCode?: string;
                        projectId?: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            session: {
                                /**
                                 * member: a person signed in (session cookie); key: an x-access-key.
                                 */
                                kind: "member" | "key";
                                memberId: string | null;
                                keyId: string | null;
                                email: string | null;
                                /**
                                 * owner, admin, editor, contributor or viewer
                                 */
                                role: "owner" | "admin" | "editor" | "contributor" | "viewer";
                                profileIds: string[] | null;
                                project: {
                                    id: string;
                                    name: string;
                                };
                                /**
                                 * Every project the person is a member of (switch with POST /v1/auth/switch-project).
                                 */
                                projects: ({
                                    id: string;
                                    name: string;
                                    /**
                                     * owner, admin, editor, contributor or viewer
                                     */
                                    role: "owner" | "admin" | "editor" | "contributor" | "viewer";
                                })[];
                                totpEnabled: boolean;
                                /**
                                 * When the session ends at the latest (it ends sooner when idle).
                                 */
                                expiresAt: string | null;
                            };
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/auth/sign-out": {
        /**
         * Sign out of this session
         *
         * Ends the session of the cookie and clears the cookie. With an access key (or no session) it changes nothing.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/auth/sign-out-everywhere": {
        /**
         * Sign out of every session
         *
         * Ends every session of the signed-in person, in every browser and project, this one included; other nodes refuse them within a second.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/auth/session": {
        /**
         * Who is signed in
         *
         * The signed-in member (or the access key): role, profile limit, project, the other projects of the person, and when the session ends.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            session: {
                                /**
                                 * member: a person signed in (session cookie); key: an x-access-key.
                                 */
                                kind: "member" | "key";
                                memberId: string | null;
                                keyId: string | null;
                                email: string | null;
                                /**
                                 * owner, admin, editor, contributor or viewer
                                 */
                                role: "owner" | "admin" | "editor" | "contributor" | "viewer";
                                profileIds: string[] | null;
                                project: {
                                    id: string;
                                    name: string;
                                };
                                /**
                                 * Every project the person is a member of (switch with POST /v1/auth/switch-project).
                                 */
                                projects: ({
                                    id: string;
                                    name: string;
                                    /**
                                     * owner, admin, editor, contributor or viewer
                                     */
                                    role: "owner" | "admin" | "editor" | "contributor" | "viewer";
                                })[];
                                totpEnabled: boolean;
                                /**
                                 * When the session ends at the latest (it ends sooner when idle).
                                 */
                                expiresAt: string | null;
                            };
                        };
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/auth/switch-project": {
        /**
         * Work in another project
         *
         * A session holds one project at a time: this one ends and a new session in `projectId` (a project the person is a member of) is set in the cookie.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        projectId: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            session: {
                                /**
                                 * member: a person signed in (session cookie); key: an x-access-key.
                                 */
                                kind: "member" | "key";
                                memberId: string | null;
                                keyId: string | null;
                                email: string | null;
                                /**
                                 * owner, admin, editor, contributor or viewer
                                 */
                                role: "owner" | "admin" | "editor" | "contributor" | "viewer";
                                profileIds: string[] | null;
                                project: {
                                    id: string;
                                    name: string;
                                };
                                /**
                                 * Every project the person is a member of (switch with POST /v1/auth/switch-project).
                                 */
                                projects: ({
                                    id: string;
                                    name: string;
                                    /**
                                     * owner, admin, editor, contributor or viewer
                                     */
                                    role: "owner" | "admin" | "editor" | "contributor" | "viewer";
                                })[];
                                totpEnabled: boolean;
                                /**
                                 * When the session ends at the latest (it ends sooner when idle).
                                 */
                                expiresAt: string | null;
                            };
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/auth/password-reset": {
        /**
         * Ask for a password-reset link by e-mail
         *
         * Answers the same whether the e-mail has an account or not; only an account gets the e-mail. Without a mail server (SMTP_URL) nothing can be sent: the answer says to ask an owner for a link, and the service logs a warning. Operators make a link with `npm run cli -- member reset-link`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * An e-mail address.
                         * Format: email
                         */
                        email: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/auth/password-reset/complete": {
        /**
         * Choose a new password with a reset link
         *
         * The token is the part of the reset link after `#`. It works once; every session of the person ends (sign in again with the new password).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                        password: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/auth/invitations/{token}": {
        /**
         * What an invitation link is for
         *
         * The e-mail, project and role of an open invitation. The token is the part of the link after `#`. It never says whether the e-mail already has an account: only `signedIn`, whether this browser is signed in as the invited person (then accepting asks for nothing more).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            invitation: {
                                email: string;
                                projectName: string;
                                /**
                                 * owner, admin, editor, contributor or viewer
                                 */
                                role: "owner" | "admin" | "editor" | "contributor" | "viewer";
                                /**
                                 * The request carries a session of the invited person: accepting needs no password.
                                 */
                                signedIn: boolean;
                                /**
                                 * Format: date-time
                                 */
                                expiresAt: string;
                            };
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/auth/invitations/{token}/accept": {
        /**
         * Accept an invitation
         *
         * Makes the membership and signs in. A browser signed in as the invited person accepts with an empty body. Otherwise an e-mail that already has an account is proved exactly as at sign-in: its `password`, and `totpCode` when it has two-factor sign-in, on the same lockout (failures here and at sign-in count together; 429 with Retry-After); a new e-mail chooses its `password` (at least 10 characters). A refusal leaves the link usable; it works once. On success the answer sets the `sps_session` cookie (HttpOnly, SameSite=Lax, Secure when PUBLIC_URL is https): the dashboard then sends it instead of an access key. Changes made with the cookie must carry an Origin (or Referer) of the service itself.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        password?: string;
                        /**
                         * The 6-digit code of the authenticator app, or an unused recovery code.
                         */
                        totpCode?: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            session: {
                                /**
                                 * member: a person signed in (session cookie); key: an x-access-key.
                                 */
                                kind: "member" | "key";
                                memberId: string | null;
                                keyId: string | null;
                                email: string | null;
                                /**
                                 * owner, admin, editor, contributor or viewer
                                 */
                                role: "owner" | "admin" | "editor" | "contributor" | "viewer";
                                profileIds: string[] | null;
                                project: {
                                    id: string;
                                    name: string;
                                };
                                /**
                                 * Every project the person is a member of (switch with POST /v1/auth/switch-project).
                                 */
                                projects: ({
                                    id: string;
                                    name: string;
                                    /**
                                     * owner, admin, editor, contributor or viewer
                                     */
                                    role: "owner" | "admin" | "editor" | "contributor" | "viewer";
                                })[];
                                totpEnabled: boolean;
                                /**
                                 * When the session ends at the latest (it ends sooner when idle).
                                 */
                                expiresAt: string | null;
                            };
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/auth/totp/enrol": {
        /**
         * Start two-factor sign-in
         *
         * Answers a new secret, shown once, as an otpauth:// URI for an authenticator app (and as text). It takes effect once POST /v1/auth/totp/confirm receives a code from the app.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            secret: string;
                            otpauthUri: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/auth/totp/confirm": {
        /**
         * Confirm two-factor sign-in with a code
         *
         * Turns two-factor sign-in on once `code` is the current code of the app enrolled with POST /v1/auth/totp/enrol. Answers ten recovery codes, shown once: each signs in once in place of a code.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        code: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            recoveryCodes: string[];
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/auth/totp/disable": {
        /**
         * Turn two-factor sign-in off
         *
         * Needs a current code of the authenticator app or an unused recovery code.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * The 6-digit code of the authenticator app, or an unused recovery code.
                         */
                        code: string;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/members": {
        /**
         * List the members of the project
         *
         * Members with their role and profile limit, and the invitations not accepted yet.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            members: ({
                                id: string;
                                email: string;
                                /**
                                 * owner, admin, editor, contributor or viewer
                                 */
                                role: "owner" | "admin" | "editor" | "contributor" | "viewer";
                                profileIds: string[] | null;
                                /**
                                 * The member signs in with a second factor.
                                 */
                                totpEnabled: boolean;
                                /**
                                 * Format: date-time
                                 */
                                createdAt: string;
                                /**
                                 * Format: date-time
                                 */
                                updatedAt: string;
                            })[];
                            invitations: ({
                                id: string;
                                email: string;
                                /**
                                 * owner, admin, editor, contributor or viewer
                                 */
                                role: "owner" | "admin" | "editor" | "contributor" | "viewer";
                                profileIds: string[] | null;
                                /**
                                 * Format: date-time
                                 */
                                createdAt: string;
                                /**
                                 * Format: date-time
                                 */
                                expiresAt: string;
                            })[];
                        };
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Invite a member
         *
         * Makes a one-time invitation link for the e-mail, role and profile limit, answered here (to copy) and e-mailed when the service can send mail (SMTP_URL) unless `sendEmail` is false. A new invitation for the same e-mail replaces the open one. Only an owner may invite an owner; a caller limited to profiles invites only within them.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * An e-mail address.
                         * Format: email
                         */
                        email: string;
                        /**
                         * owner, admin, editor, contributor or viewer
                         */
                        role: "owner" | "admin" | "editor" | "contributor" | "viewer";
                        /**
                         * The profiles the member is limited to; null for every profile of the project.
                         */
                        profileIds?: string[] | null;
                        /**
                         * @default true
                         */
                        sendEmail?: boolean;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            invitation: {
                                id: string;
                                email: string;
                                /**
                                 * owner, admin, editor, contributor or viewer
                                 */
                                role: "owner" | "admin" | "editor" | "contributor" | "viewer";
                                profileIds: string[] | null;
                                /**
                                 * Format: date-time
                                 */
                                createdAt: string;
                                /**
                                 * Format: date-time
                                 */
                                expiresAt: string;
                            };
                            /**
                             * The invitation link; it works once, until expiresAt.
                             */
                            link: string;
                            emailed: boolean;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/members/{id}": {
        /**
         * Remove a member
         *
         * Their sessions in this project end at once, on every node within a second. Only an owner removes an owner; the last owner can not be removed (409).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
        /**
         * Change a member's role or profiles
         *
         * Takes effect on the member's next request, on every node within a second. Only an owner grants or takes away the owner role; the last owner can not be demoted (409).
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * owner, admin, editor, contributor or viewer
                         */
                        role?: "owner" | "admin" | "editor" | "contributor" | "viewer";
                        /**
                         * The profiles the member is limited to; null for every profile of the project.
                         */
                        profileIds?: string[] | null;
                    };
                };
            };
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            member: {
                                id: string;
                                email: string;
                                /**
                                 * owner, admin, editor, contributor or viewer
                                 */
                                role: "owner" | "admin" | "editor" | "contributor" | "viewer";
                                profileIds: string[] | null;
                                /**
                                 * The member signs in with a second factor.
                                 */
                                totpEnabled: boolean;
                                /**
                                 * Format: date-time
                                 */
                                createdAt: string;
                                /**
                                 * Format: date-time
                                 */
                                updatedAt: string;
                            };
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * State conflict: no longer scheduled, still in use, or already used.
                 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Request body too large.
                 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/members/invitations/{id}": {
        /**
         * Withdraw an invitation
         *
         * Its link stops working.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            message: string;
                        };
                    };
                };
                /**
                 * Invalid input: one message lists every problem, each naming where it is.
                 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
    "/v1/project": {
        /**
         * The project of this access key
         *
         * Answers the id and name of the project the `x-access-key` belongs to.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * Default Response
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            success: boolean;
                            project: {
                                id: string;
                                name: string;
                                /**
                                 * Format: date-time
                                 */
                                createdAt: string;
                            };
                        };
                    };
                };
                /**
                 * Missing or unknown x-access-key.
                 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The key may not do this, for example an account that needs reconnecting.
                 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Not found (also for ids of another project).
                 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * Rate limited; Retry-After says when to retry.
                 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
                /**
                 * The service can not take work now; Retry-After says when to retry.
                 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorShapeA"];
                    };
                };
            };
        };
    };
}

export type webhooks = Record<string, never>;

export interface components {
    schemas: {
        /**
         * Error answer: `{success: false, message}`
         */
        ErrorShapeA: {
            success: false;
            message: string;
        };
        /**
         * Error answer: `{error}`
         */
        ErrorShapeB: {
            error: string;
        };
        /**
         * Server error answer readable in either shape: `{success: false, message, error}` (error = message)
         */
        ErrorShapeAB: {
            success: false;
            message: string;
            /**
             * The same as message.
             */
            error: string;
        };
        TwitterConfigurations: {
            /**
             * How media is fitted to an aspect ratio this platform accepts when it is converted: `pad` (default: a blurred border, nothing cut) or `crop` (centre). Overrides the post’s `fit`.
             */
            fit?: "pad" | "crop";
            /**
             * True: a video longer than this platform allows is trimmed to its limit instead of refused. Overrides the post’s `trim`.
             */
            trim?: boolean;
            /**
             * Community to publish into.
             */
            communityId?: string;
            /**
             * When posting to a Community, also share with followers.
             */
            shareWithFollowers?: boolean;
            /**
             * Tweet to reply to.
             */
            replyToTweetId?: string;
            /**
             * Who may reply. Default: everyone.
             */
            replySettings?: "following" | "mentionedUsers" | "subscribers" | "verified";
            /**
             * Tweets chained after the root tweet (which uses the post content).
             */
            threadItems?: ({
                /**
                 * At most 280 characters as X counts them.
                 */
                content: string;
                mediaItems?: ({
                    type: "image" | "video" | "gif" | "document";
                    /**
                     * Location of the media.
                     * Format: uri
                     */
                    url: string;
                    /**
                     * Thumbnail image for video items (YouTube regular videos): JPEG, PNG or GIF, ≤2 MB, ≥640 px wide.
                     * Format: uri
                     */
                    thumbnail?: string;
                })[];
            })[];
            /**
             * Opt in to a long post (over 280 characters): the 280 check is skipped and X accepts up to 25,000 characters from eligible (Premium, Premium+) accounts. An account that is not eligible is refused by X, with X's reason as the target's error. threadItems keep 280 each.
             */
            longPost?: boolean;
            /**
             * Cannot be combined with media or threadItems.
             */
            poll?: {
                options: string[];
                durationMinutes: number;
            };
        };
        InstagramConfigurations: {
            /**
             * "story" publishes an Instagram Story (one image or video; no caption, shareToFeed, cover or collaborators). Omitted: images publish to the feed, videos as Reels.
             */
            contentType?: "story";
            /**
             * How media is fitted to an aspect ratio this platform accepts when it is converted: `pad` (default: a blurred border, nothing cut) or `crop` (centre). Overrides the post’s `fit`.
             */
            fit?: "pad" | "crop";
            /**
             * True: a video longer than this platform allows is trimmed to its limit instead of refused. Overrides the post’s `trim`.
             */
            trim?: boolean;
            /**
             * Reels only. False publishes to Reels only.
             * @default true
             */
            shareToFeed?: boolean;
            /**
             * Video only. Cover frame image.
             * Format: uri
             */
            coverUrl?: string;
            /**
             * Video only. Cover frame time in milliseconds; ignored when coverUrl is set.
             */
            thumbOffset?: number;
            /**
             * Feed posts, carousels and Reels only. Up to three Instagram usernames invited as collaborators; each must accept the invitation in Instagram.
             */
            collaborators?: string[];
        };
        YouTubeConfigurations: {
            /**
             * How media is fitted to an aspect ratio this platform accepts when it is converted: `pad` (default: a blurred border, nothing cut) or `crop` (centre). Overrides the post’s `fit`.
             */
            fit?: "pad" | "crop";
            /**
             * True: a video longer than this platform allows is trimmed to its limit instead of refused. Overrides the post’s `trim`.
             */
            trim?: boolean;
            /**
             * At most 100 characters, no < or >. Default: the first 100 characters of the content.
             */
            title?: string;
            /**
             * At most 500 characters in total.
             */
            tags?: string[];
            /**
             * Scheduled posts upload as private and become this value at publish time.
             * @default "public"
             */
            visibility?: "public" | "private" | "unlisted";
            /**
             * True permanently disables comments, the notification bell, personalized ads, end screens and cards.
             * @default false
             */
            madeForKids?: boolean;
            /**
             * AI-generated content disclosure.
             * @default false
             */
            containsSyntheticMedia?: boolean;
            /**
             * 1 Film & Animation, 10 Music, 20 Gaming, 22 People & Blogs, 27 Education, 28 Science & Technology.
             * @default "22"
             */
            categoryId?: string;
            /**
             * Posted after the video goes live: at once for publish-now posts, when it becomes public for scheduled ones.
             */
            firstComment?: string;
        };
        TikTokConfigurations: {
            /**
             * How media is fitted to an aspect ratio this platform accepts when it is converted: `pad` (default: a blurred border, nothing cut) or `crop` (centre). Overrides the post’s `fit`.
             */
            fit?: "pad" | "crop";
            /**
             * True: a video longer than this platform allows is trimmed to its limit instead of refused. Overrides the post’s `trim`.
             */
            trim?: boolean;
            /**
             * One of the creator's privacyLevelOptions (GET /v1/tiktok/creator-info).
             * @default "PUBLIC_TO_EVERYONE"
             */
            privacyLevel?: "PUBLIC_TO_EVERYONE" | "MUTUAL_FOLLOW_FRIENDS" | "FOLLOWER_OF_CREATOR" | "SELF_ONLY";
            /**
             * @default false
             */
            disableComment?: boolean;
            /**
             * Videos only.
             * @default false
             */
            disableDuet?: boolean;
            /**
             * Videos only.
             * @default false
             */
            disableStitch?: boolean;
            /**
             * Paid partnership marker.
             * @default false
             */
            brandContentToggle?: boolean;
            /**
             * Organic brand promotion marker.
             * @default false
             */
            brandOrganicToggle?: boolean;
            /**
             * AI-generated disclosure. Videos only.
             * @default false
             */
            isAigc?: boolean;
            /**
             * Cover frame time in milliseconds. Videos only.
             */
            videoCoverTimestampMs?: number;
            /**
             * Photo carousels only.
             * @default true
             */
            autoAddMusic?: boolean;
            /**
             * 0-indexed cover image. Photo posts only.
             * @default 0
             */
            photoCoverIndex?: number;
            /**
             * Photo or carousel posts only. When omitted, the post content is used.
             */
            description?: string;
            /**
             * True sends the content to the creator's inbox as a draft instead of publishing it.
             * @default false
             */
            draft?: boolean;
        };
        PinterestConfigurations: {
            /**
             * How media is fitted to an aspect ratio this platform accepts when it is converted: `pad` (default: a blurred border, nothing cut) or `crop` (centre). Overrides the post’s `fit`.
             */
            fit?: "pad" | "crop";
            /**
             * True: a video longer than this platform allows is trimmed to its limit instead of refused. Overrides the post’s `trim`.
             */
            trim?: boolean;
            /**
             * Required. From GET /v1/pinterest/boards.
             */
            boardId: string;
            /**
             * Default: the first line of the content.
             */
            title?: string;
            /**
             * HTTPS destination URL.
             * Format: uri
             */
            link?: string;
            /**
             * At most 500 characters.
             */
            altText?: string;
            /**
             * Hex color, e.g. #6E7874.
             */
            dominantColor?: string;
            /**
             * Custom cover image for video pins.
             * Format: uri
             */
            coverImageUrl?: string;
        };
        LinkedInConfigurations: {
            /**
             * How media is fitted to an aspect ratio this platform accepts when it is converted: `pad` (default: a blurred border, nothing cut) or `crop` (centre). Overrides the post’s `fit`.
             */
            fit?: "pad" | "crop";
            /**
             * True: a video longer than this platform allows is trimmed to its limit instead of refused. Overrides the post’s `trim`.
             */
            trim?: boolean;
            /**
             * @default "PUBLIC"
             */
            visibility?: "PUBLIC" | "CONNECTIONS";
            /**
             * Company pages only, not personal profiles.
             */
            mentions?: ({
                /**
                 * Exact, case-sensitive text of the content, appearing exactly once.
                 */
                text: string;
                /**
                 * The mentioned organization.
                 */
                urn: string;
            })[];
            /**
             * Makes the post a link share with a preview card.
             * Format: uri
             */
            articleUrl?: string;
            articleTitle?: string;
            articleDescription?: string;
            /**
             * Required by LinkedIn when a document media item is included.
             */
            documentTitle?: string;
        };
        BlueskyConfigurations: {
            /**
             * How media is fitted to an aspect ratio this platform accepts when it is converted: `pad` (default: a blurred border, nothing cut) or `crop` (centre). Overrides the post’s `fit`.
             */
            fit?: "pad" | "crop";
            /**
             * True: a video longer than this platform allows is trimmed to its limit instead of refused. Overrides the post’s `trim`.
             */
            trim?: boolean;
            /**
             * Languages of the post.
             * @default ["en"]
             */
            langs?: string[];
            /**
             * Alt text per image, in media order.
             */
            altText?: string[];
        };
        FacebookConfigurations: {
            /**
             * "reel" publishes one vertical video (MP4, 9:16, 3 to 90 s) as a Facebook Reel with the text as its description; "story" publishes one photo or one video (up to 60 s) as a Page Story, which shows no text and takes no first comment. Omitted: a feed post.
             */
            contentType?: "reel" | "story";
            /**
             * How media is fitted to an aspect ratio this platform accepts when it is converted: `pad` (default: a blurred border, nothing cut) or `crop` (centre). Overrides the post’s `fit`.
             */
            fit?: "pad" | "crop";
            /**
             * True: a video longer than this platform allows is trimmed to its limit instead of refused. Overrides the post’s `trim`.
             */
            trim?: boolean;
            /**
             * On text-only posts, a link preview card is rendered from the URL. Ignored when media is attached.
             * Format: uri
             */
            link?: string;
            /**
             * False creates the post on the Page unpublished.
             * @default true
             */
            published?: boolean;
            /**
             * Video posts only. Applied after publishing; if that fails the post still succeeds.
             * Format: uri
             */
            videoThumbnailUrl?: string;
        };
        ThreadsConfigurations: {
            /**
             * How media is fitted to an aspect ratio this platform accepts when it is converted: `pad` (default: a blurred border, nothing cut) or `crop` (centre). Overrides the post’s `fit`.
             */
            fit?: "pad" | "crop";
            /**
             * True: a video longer than this platform allows is trimmed to its limit instead of refused. Overrides the post’s `trim`.
             */
            trim?: boolean;
            /**
             * @default "everyone"
             */
            replyControl?: "everyone" | "accounts_you_follow" | "mentioned_only";
            /**
             * Alt text per image, in media order.
             */
            altText?: string[];
        };
        GoogleBusinessConfigurations: {
            /**
             * How media is fitted to an aspect ratio this platform accepts when it is converted: `pad` (default: a blurred border, nothing cut) or `crop` (centre). Overrides the post’s `fit`.
             */
            fit?: "pad" | "crop";
            /**
             * True: a video longer than this platform allows is trimmed to its limit instead of refused. Overrides the post’s `trim`.
             */
            trim?: boolean;
            /**
             * @default "STANDARD"
             */
            topicType?: "STANDARD" | "EVENT" | "OFFER";
            callToActionType?: "BOOK" | "ORDER" | "SHOP" | "LEARN_MORE" | "SIGN_UP" | "CALL" | "GET_OFFER";
            /**
             * Required for every call-to-action type except CALL.
             * Format: uri
             */
            callToActionUrl?: string;
            /**
             * Required when topicType is EVENT.
             */
            eventTitle?: string;
            /**
             * YYYY-MM-DD. Required when topicType is EVENT.
             */
            eventStartDate?: string;
            /**
             * HH:MM, 24-hour. Required when topicType is EVENT.
             */
            eventStartTime?: string;
            /**
             * YYYY-MM-DD. Required when topicType is EVENT.
             */
            eventEndDate?: string;
            /**
             * HH:MM, 24-hour. Required when topicType is EVENT.
             */
            eventEndTime?: string;
            /**
             * OFFER posts.
             */
            offerCouponCode?: string;
            /**
             * OFFER posts.
             * Format: uri
             */
            offerRedeemOnlineUrl?: string;
            /**
             * OFFER posts.
             */
            offerTermsConditions?: string;
        };
        TelegramConfigurations: {
            /**
             * How media is fitted to an aspect ratio this platform accepts when it is converted: `pad` (default: a blurred border, nothing cut) or `crop` (centre). Overrides the post’s `fit`.
             */
            fit?: "pad" | "crop";
            /**
             * True: a video longer than this platform allows is trimmed to its limit instead of refused. Overrides the post’s `trim`.
             */
            trim?: boolean;
            /**
             * How Telegram reads formatting in the text or caption (its `parse_mode`); absent: plain text. The text's length limit counts the characters left after the markup.
             */
            parseMode?: "HTML" | "MarkdownV2" | "Markdown";
            /**
             * Send without a notification sound (`disable_notification`).
             */
            silent?: boolean;
            /**
             * Members can not forward or save the message (`protect_content`).
             */
            protectContent?: boolean;
            /**
             * No preview of the first link in a text message (`link_preview_options`).
             */
            disableLinkPreview?: boolean;
        };
        DiscordConfigurations: {
            /**
             * Rich embeds under the text (at most 10; 6000 characters of text in all of them together).
             */
            embeds?: ({
                /**
                 * Title of the embed.
                 */
                title?: string;
                /**
                 * Text of the embed (Markdown).
                 */
                description?: string;
                /**
                 * Where the title links to.
                 * Format: uri
                 */
                url?: string;
                /**
                 * Colour of the left edge, 0xRRGGBB.
                 */
                color?: number;
                /**
                 * Time shown in the footer.
                 * Format: date-time
                 */
                timestamp?: string;
                footer?: {
                    /**
                     * Footer text.
                     */
                    text: string;
                };
                image?: {
                    /**
                     * Image shown large.
                     * Format: uri
                     */
                    url: string;
                };
                thumbnail?: {
                    /**
                     * Image shown small, at the right.
                     * Format: uri
                     */
                    url: string;
                };
                author?: {
                    /**
                     * Author line.
                     */
                    name: string;
                    /**
                     * Where it links to.
                     * Format: uri
                     */
                    url?: string;
                };
                fields?: ({
                    /**
                     * Field name.
                     */
                    name: string;
                    /**
                     * Field value.
                     */
                    value: string;
                    /**
                     * Shown beside the previous field.
                     */
                    inline?: boolean;
                })[];
            })[];
            /**
             * A forum or media channel: the title of the new post (thread) the message opens (Discord's `thread_name`; required there, refused in other channels).
             */
            threadName?: string;
            /**
             * The name the message shows instead of the webhook's own.
             */
            username?: string;
            /**
             * The picture the message shows instead of the webhook's own.
             * Format: uri
             */
            avatarUrl?: string;
            /**
             * No push or desktop notification (`SUPPRESS_NOTIFICATIONS`).
             */
            silent?: boolean;
            /**
             * No link previews under the message (`SUPPRESS_EMBEDS`).
             */
            suppressEmbeds?: boolean;
        };
        RedditConfigurations: {
            /**
             * How media is fitted to an aspect ratio this platform accepts when it is converted: `pad` (default: a blurred border, nothing cut) or `crop` (centre). Overrides the post’s `fit`.
             */
            fit?: "pad" | "crop";
            /**
             * True: a video longer than this platform allows is trimmed to its limit instead of refused. Overrides the post’s `trim`.
             */
            trim?: boolean;
            /**
             * Required. The subreddit to post in, by name without "r/" (2 to 21 letters, digits or _).
             */
            subreddit: string;
            /**
             * Required. The post title: at most 300 characters (and whatever the subreddit requires).
             */
            title: string;
            /**
             * Makes a link post to this https:// URL (no media; the content is not published).
             * Format: uri
             */
            url?: string;
            /**
             * A flair template id of the subreddit's link flairs.
             */
            flairId?: string;
            /**
             * Flair text: for a template whose text is editable, or where the subreddit allows free flair.
             */
            flairText?: string;
            /**
             * Mark the post NSFW (over 18).
             */
            nsfw?: boolean;
            /**
             * Mark the post as a spoiler.
             */
            spoiler?: boolean;
            /**
             * Send replies to the account's inbox (default true).
             */
            sendReplies?: boolean;
        };
        MastodonConfigurations: {
            /**
             * How media is fitted to an aspect ratio this platform accepts when it is converted: `pad` (default: a blurred border, nothing cut) or `crop` (centre). Overrides the post’s `fit`.
             */
            fit?: "pad" | "crop";
            /**
             * True: a video longer than this platform allows is trimmed to its limit instead of refused. Overrides the post’s `trim`.
             */
            trim?: boolean;
            /**
             * Who sees the status: public, unlisted (not in public timelines), private (followers only) or direct (mentioned accounts only). Absent: the account's default.
             */
            visibility?: "public" | "unlisted" | "private" | "direct";
            /**
             * Content warning shown in place of the text until opened (`spoiler_text`).
             */
            spoilerText?: string;
            /**
             * Marks the media as sensitive (hidden behind a warning).
             */
            sensitive?: boolean;
            /**
             * ISO 639 language code of the status.
             */
            language?: string;
            /**
             * Alt text per media item, in media order (the instance's description limit applies).
             */
            altText?: string[];
            /**
             * A poll instead of media; the instance's limits apply (options, characters per option, duration).
             */
            poll?: {
                options: string[];
                expiresInSeconds: number;
                multiple?: boolean;
                hideTotals?: boolean;
            };
            /**
             * Statuses chained as replies after the first one (which uses the post content).
             */
            threadItems?: ({
                /**
                 * The reply's text; the instance's character limit applies.
                 */
                content: string;
                mediaItems?: ({
                    type: "image" | "video" | "gif" | "document";
                    /**
                     * Location of the media.
                     * Format: uri
                     */
                    url: string;
                    /**
                     * Thumbnail image for video items (YouTube regular videos): JPEG, PNG or GIF, ≤2 MB, ≥640 px wide.
                     * Format: uri
                     */
                    thumbnail?: string;
                })[];
            })[];
        };
        WebhookEvent: {
            /**
             * Webhook payload version.
             */
            version: "2026-11-01";
            /**
             * Unique event id (also X-Service-Event-Id): the idempotency key.
             */
            id: string;
            /**
             * Also X-Service-Event-Type.
             */
            type: "post.scheduled" | "post.published" | "post.partial" | "post.failed" | "post.approval_requested" | "post.approved" | "post.rejected";
            /**
             * Format: date-time
             */
            createdAt: string;
            projectId: string;
            profileId: string | null;
            data: {
                post: {
                    /**
                     * The postId the create answered.
                     */
                    id: string;
                    /**
                     * Overall status of the post.
                     */
                    status: "draft" | "pending" | "scheduled" | "publishing" | "published" | "failed" | "partial";
                    content: string;
                    scheduledFor: string | null;
                    publishedAt: string | null;
                    mediaItems: ({
                        type: "image" | "video" | "gif" | "document";
                        /**
                         * Format: uri
                         */
                        url: string;
                        thumbnail: string | null;
                        filename: string | null;
                        /**
                         * Bytes as the media server declared them when the post was created.
                         */
                        size: number | null;
                        mimeType: string | null;
                        [key: string]: unknown;
                    })[];
                    links: {
                        /**
                         * The post's page in the dashboard, when there is one.
                         * Format: uri
                         */
                        service?: string;
                        /**
                         * GET /v1/posts/{postId} of this post.
                         * Format: uri
                         */
                        api: string;
                    };
                };
                /**
                 * The post's targets; with a subscription profileId, only that profile's.
                 */
                platforms: ({
                    platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                    integrationId: string;
                    profileId: string | null;
                    status: "draft" | "pending" | "scheduled" | "publishing" | "published" | "failed" | "partial";
                    platformPostId: string | null;
                    platformPostUrl: string | null;
                    publishedAt: string | null;
                    errorMessage: string | null;
                    warningMessage: string | null;
                })[];
            };
        };
        AccountEvent: {
            /**
             * Webhook payload version.
             */
            version: "2026-11-01";
            /**
             * Unique event id (also X-Service-Event-Id): the idempotency key.
             */
            id: string;
            /**
             * Also X-Service-Event-Type.
             */
            type: "account.disconnected" | "account.reconnected" | "account.token_expiring" | "account.removed" | "account.spend_cap_reached";
            /**
             * Format: date-time
             */
            createdAt: string;
            projectId: string;
            /**
             * The subscription's profile; null without one.
             */
            profileId: string | null;
            data: {
                /**
                 * The account the event is about, as it was then.
                 */
                account: {
                    integrationId: string;
                    platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                    /**
                     * Display name on the platform.
                     */
                    name: string | null;
                    /**
                     * Handle on the platform.
                     */
                    username: string | null;
                    /**
                     * The profile the account is in; null when unassigned.
                     */
                    profileId: string | null;
                };
                /**
                 * account.disconnected: token_expired, token_revoked, missing_scopes or refresh_failed; account.token_expiring: token_expiring; account.spend_cap_reached: spend_cap_reached; otherwise null.
                 */
                reason: string | null;
                /**
                 * One readable sentence: what happened.
                 */
                summary: string;
                /**
                 * What the user must do; null when nothing.
                 */
                action: string | null;
                /**
                 * account.token_expiring: when the authorization runs out; otherwise null.
                 */
                expiresAt: string | null;
            };
        };
        CommentReceivedEvent: {
            /**
             * Webhook payload version.
             */
            version: "2026-11-01";
            /**
             * Unique event id (also X-Service-Event-Id): the idempotency key.
             */
            id: string;
            /**
             * Also X-Service-Event-Type.
             */
            type: "comment.received";
            /**
             * Format: date-time
             */
            createdAt: string;
            projectId: string;
            /**
             * The subscription's profile; null without one.
             */
            profileId: string | null;
            data: {
                /**
                 * The account the event is about, as it was then.
                 */
                account: {
                    integrationId: string;
                    platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                    /**
                     * Display name on the platform.
                     */
                    name: string | null;
                    /**
                     * Handle on the platform.
                     */
                    username: string | null;
                    /**
                     * The profile the account is in; null when unassigned.
                     */
                    profileId: string | null;
                };
                comment: {
                    /**
                     * The platform's comment id (commentId of the comments API).
                     */
                    id: string;
                    text: string | null;
                    author: {
                        id: string | null;
                        name: string | null;
                    };
                    /**
                     * Format: date-time
                     */
                    timestamp: string;
                    /**
                     * The comment this one answers; null for a top-level comment.
                     */
                    parentId: string | null;
                };
                post: {
                    /**
                     * The postId the create answered.
                     */
                    id: string | null;
                    platformPostId: string;
                    platformPostUrl: string | null;
                };
            };
        };
        MessageReceivedEvent: {
            /**
             * Webhook payload version.
             */
            version: "2026-11-01";
            /**
             * Unique event id (also X-Service-Event-Id): the idempotency key.
             */
            id: string;
            /**
             * Also X-Service-Event-Type.
             */
            type: "message.received";
            /**
             * Format: date-time
             */
            createdAt: string;
            projectId: string;
            /**
             * The subscription's profile; null without one.
             */
            profileId: string | null;
            data: {
                /**
                 * The account the event is about, as it was then.
                 */
                account: {
                    integrationId: string;
                    platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                    /**
                     * Display name on the platform.
                     */
                    name: string | null;
                    /**
                     * Handle on the platform.
                     */
                    username: string | null;
                    /**
                     * The profile the account is in; null when unassigned.
                     */
                    profileId: string | null;
                };
                message: {
                    /**
                     * The platform's message id.
                     */
                    id: string;
                    /**
                     * Null when the platform did not name it (list conversations with GET /v1/messages).
                     */
                    conversationId: string | null;
                    text: string | null;
                    from: {
                        id: string | null;
                        name: string | null;
                    };
                    /**
                     * Format: date-time
                     */
                    timestamp: string;
                };
            };
        };
        Profile: {
            id: string;
            name: string;
            description: string | null;
            integrationCount: number;
            /**
             * Format: date-time
             */
            createdAt: string;
            /**
             * Format: date-time
             */
            updatedAt: string;
        };
        NotificationSubscription: {
            id: string;
            channel: "webhook" | "email";
            profileId: string | null;
            eventTypes: ("post.scheduled" | "post.published" | "post.partial" | "post.failed" | "post.approval_requested" | "post.approved" | "post.rejected" | "account.disconnected" | "account.reconnected" | "account.token_expiring" | "account.removed" | "account.spend_cap_reached" | "comment.received" | "message.received")[];
            onlyScheduledPosts: boolean;
            enabled: boolean;
            webhook?: {
                /**
                 * Format: uri
                 */
                url: string;
                /**
                 * Signing secret: in full only in the answer that created (or rotated) it, masked elsewhere.
                 */
                secret: string;
            };
            email?: {
                recipients: string[];
            };
            lastTestAt: string | null;
            /**
             * Outcome of the last POST /v1/notifications/{id}/test; null before the first.
             */
            lastTestStatus: "success" | "failed" | null;
            /**
             * Format: date-time
             */
            createdAt: string;
            /**
             * Format: date-time
             */
            updatedAt: string;
        };
        NotificationDelivery: {
            id: string;
            eventId: string;
            /**
             * The post events post.scheduled, post.published, post.partial, post.failed; the approval events post.approval_requested, post.approved, post.rejected; the account events account.disconnected, account.reconnected, account.token_expiring, account.removed, account.spend_cap_reached; the engagement events comment.received, message.received.
             */
            eventType: "post.scheduled" | "post.published" | "post.partial" | "post.failed" | "post.approval_requested" | "post.approved" | "post.rejected" | "account.disconnected" | "account.reconnected" | "account.token_expiring" | "account.removed" | "account.spend_cap_reached" | "comment.received" | "message.received";
            /**
             * The post the event is about; null for account events and messages.
             */
            postId: string | null;
            channel: "webhook" | "email";
            status: "pending" | "succeeded" | "failed";
            nextAttemptAt: string | null;
            /**
             * Format: date-time
             */
            createdAt: string;
            completedAt: string | null;
            attempts: ({
                attempt: number;
                /**
                 * Format: date-time
                 */
                at: string;
                statusCode: number | null;
                durationMs: number;
                success: boolean;
                error: string | null;
            })[];
        };
        Post: {
            postId: string;
            content: string;
            status: "draft" | "pending" | "scheduled" | "publishing" | "published" | "failed" | "partial";
            scheduledFor: string | null;
            timezone: string;
            mediaItems: ({
                type: "image" | "video" | "gif" | "document";
                /**
                 * Format: uri
                 */
                url: string;
                /**
                 * Only when the request gave one.
                 * Format: uri
                 */
                thumbnail?: string;
                filename: string | null;
                /**
                 * Bytes, as the media's server declared them when the post was created; 0 when it could not be asked then.
                 */
                size: number;
                /**
                 * Content type from the server, else what the file name (or the item type) suggests.
                 */
                mimeType: string;
            })[];
            platforms: ({
                platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                /**
                 * The account this result is for (accountId of the target).
                 */
                integrationId: string;
                status: "draft" | "pending" | "scheduled" | "publishing" | "published" | "failed" | "partial";
                content: string | null;
                platformPostId: string | null;
                platformPostUrl: string | null;
                publishedAt: string | null;
                errorMessage: string | null;
                warningMessage: string | null;
                /**
                 * true when published to the sandbox simulator, not the real platform.
                 */
                sandbox?: boolean;
                /**
                 * Only once the published target was edited (PATCH /v1/posts/{postId}/published): its latest edit. A failed edit is also told in warningMessage.
                 */
                edit?: {
                    status: "editing" | "edited" | "failed";
                    /**
                     * Format: date-time
                     */
                    requestedAt: string;
                    finishedAt: string | null;
                    errorMessage: string | null;
                };
                /**
                 * Present when the target has a first comment to post, or skips the post’s.
                 */
                firstComment?: {
                    /**
                     * pending: the target is not live yet or the comment is on its way; posted; failed: not posted (warningMessage says why, or the target failed); skipped: the platform can not comment on the post.
                     */
                    status: "pending" | "posted" | "failed" | "skipped";
                    /**
                     * The comment's id on the platform, once posted.
                     */
                    commentId?: string;
                };
                /**
                 * Only when media was converted for this target (mediaProcessing `auto`): the derivatives it published instead of the originals with those indexes; the other items went untouched.
                 */
                convertedMedia?: ({
                    /**
                     * Index of the original in mediaItems.
                     */
                    item: number;
                    /**
                     * The stored derivative’s media id.
                     */
                    mediaId?: string;
                    url: string;
                    mimeType: string;
                    width: number;
                    height: number;
                    size: number;
                    /**
                     * What was done, as in warningMessage.
                     */
                    description: string;
                })[];
            })[];
            /**
             * The post’s first comment (PostPayload.firstComment), when it has one.
             */
            firstComment?: string;
            crosspostingEnabled: boolean;
            /**
             * The recurring series this post is an occurrence of (GET /v1/series/{seriesId}).
             */
            seriesId?: string;
            /**
             * The create request as it was accepted (PostPayload). A scheduled edit (PUT) does not change it: `content`, `mediaItems` and `platforms` above are the current ones.
             */
            rawRequestBody: {
                /**
                 * Post text body.
                 */
                content: string;
                mediaItems?: ({
                    type: "image" | "video" | "gif" | "document";
                    /**
                     * Location of the media.
                     * Format: uri
                     */
                    url: string;
                    /**
                     * Thumbnail image for video items (YouTube regular videos): JPEG, PNG or GIF, ≤2 MB, ≥640 px wide.
                     * Format: uri
                     */
                    thumbnail?: string;
                })[];
                platforms: (({
                    /**
                     * One value of Platform.
                     */
                    platform: "twitter";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * TwitterConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["TwitterConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "instagram";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * InstagramConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["InstagramConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "youtube";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * YouTubeConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["YouTubeConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "tiktok";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * TikTokConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["TikTokConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "pinterest";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * PinterestConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["PinterestConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "linkedin";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * LinkedInConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["LinkedInConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "bluesky";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * BlueskyConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["BlueskyConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "facebook";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * FacebookConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["FacebookConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "threads";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * ThreadsConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["ThreadsConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "googlebusiness";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * GoogleBusinessConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["GoogleBusinessConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "telegram";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * TelegramConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["TelegramConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "discord";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * DiscordConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["DiscordConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "reddit";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * RedditConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["RedditConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "mastodon";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * MastodonConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["MastodonConfigurations"];
                }))[];
                /**
                 * `auto` (default): media a target’s platform would refuse (size, aspect ratio, format, codec…) is converted for that target, and its warningMessage says what was done; media every target accepts is published untouched. `off`: such media is refused at create, with the rule in words.
                 */
                mediaProcessing?: "auto" | "off";
                /**
                 * How converted media is fitted to an aspect ratio the platform accepts: `pad` (default, a blurred border, nothing cut) or `crop` (centre). A target’s platformSpecificData.fit overrides it.
                 */
                fit?: "pad" | "crop";
                /**
                 * True: a video longer than a platform allows is trimmed to its limit for that target; otherwise it is refused with the length and the limit.
                 */
                trim?: boolean;
                /**
                 * Posted as a comment (a reply on X, Bluesky and Threads) under each target once it is live, where the platform can comment on the account’s own post: Facebook Pages, Instagram, LinkedIn, Threads, X, Bluesky, YouTube (YouTube’s own platformSpecificData.firstComment replaces it there). TikTok, Pinterest and Google Business targets skip it (their answers say `skipped`). Each platform’s comment length rule is checked at create. A comment that fails leaves the target published with a warningMessage (the post ends partial).
                 */
                firstComment?: string;
                /**
                 * Publish at once. Exactly one of publishNow: true, scheduledFor, queue: true or draft: true.
                 */
                publishNow?: boolean;
                /**
                 * ISO 8601 date-time; without an offset it is read in `timezone`. Must be in the future, and at most 2 years ahead.
                 */
                scheduledFor?: string;
                /**
                 * IANA name, default UTC.
                 */
                timezone?: string;
                /**
                 * Take the next free slot of the posting queue of the targets’ profile (all targets in one profile, or all without one); the answer’s scheduledFor is the slot.
                 */
                queue?: boolean;
                /**
                 * Save as a draft: nothing is charged or published. Problems that only matter at publication are listed in the answer’s `problems` instead of refusing it; schedule it with POST /v1/posts/{postId}/schedule.
                 */
                draft?: boolean;
                /**
                 * Repeat the post. Each occurrence is created as its own scheduled post when the one before it has finished, charged then and announced by post.scheduled; occurrences keep the first one’s local time of day.
                 */
                recurrence?: {
                    /**
                     * Repeat every N units.
                     */
                    every: number;
                    unit: "day" | "week" | "month";
                    /**
                     * No occurrence after this: a date (YYYY-MM-DD, through that whole day) or a date-time, read in the post’s time zone.
                     */
                    until?: string;
                    /**
                     * Occurrences in all, the first included.
                     */
                    count?: number;
                };
                /**
                 * Alternative texts for a recurring post, used in turn after `content` (occurrence 1 takes variants[0], …), because some platforms refuse the same text twice. Targets with their own `content` keep it.
                 */
                variants?: string[];
            };
            /**
             * Format: date-time
             */
            createdAt: string;
            /**
             * Format: date-time
             */
            updatedAt: string;
        };
        /**
         * A Post as the scheduled list answers it: the same fields, with media items of only type, url and thumbnail.
         */
        ScheduledPost: {
            postId: string;
            content: string;
            status: "draft" | "pending" | "scheduled" | "publishing" | "published" | "failed" | "partial";
            scheduledFor: string | null;
            timezone: string;
            mediaItems: ({
                type: "image" | "video" | "gif" | "document";
                /**
                 * Format: uri
                 */
                url: string;
                /**
                 * Only when the request gave one.
                 * Format: uri
                 */
                thumbnail?: string;
            })[];
            platforms: ({
                platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
                /**
                 * The account this result is for (accountId of the target).
                 */
                integrationId: string;
                status: "draft" | "pending" | "scheduled" | "publishing" | "published" | "failed" | "partial";
                content: string | null;
                platformPostId: string | null;
                platformPostUrl: string | null;
                publishedAt: string | null;
                errorMessage: string | null;
                warningMessage: string | null;
                /**
                 * true when published to the sandbox simulator, not the real platform.
                 */
                sandbox?: boolean;
                /**
                 * Only once the published target was edited (PATCH /v1/posts/{postId}/published): its latest edit. A failed edit is also told in warningMessage.
                 */
                edit?: {
                    status: "editing" | "edited" | "failed";
                    /**
                     * Format: date-time
                     */
                    requestedAt: string;
                    finishedAt: string | null;
                    errorMessage: string | null;
                };
                /**
                 * Present when the target has a first comment to post, or skips the post’s.
                 */
                firstComment?: {
                    /**
                     * pending: the target is not live yet or the comment is on its way; posted; failed: not posted (warningMessage says why, or the target failed); skipped: the platform can not comment on the post.
                     */
                    status: "pending" | "posted" | "failed" | "skipped";
                    /**
                     * The comment's id on the platform, once posted.
                     */
                    commentId?: string;
                };
                /**
                 * Only when media was converted for this target (mediaProcessing `auto`): the derivatives it published instead of the originals with those indexes; the other items went untouched.
                 */
                convertedMedia?: ({
                    /**
                     * Index of the original in mediaItems.
                     */
                    item: number;
                    /**
                     * The stored derivative’s media id.
                     */
                    mediaId?: string;
                    url: string;
                    mimeType: string;
                    width: number;
                    height: number;
                    size: number;
                    /**
                     * What was done, as in warningMessage.
                     */
                    description: string;
                })[];
            })[];
            /**
             * The post’s first comment (PostPayload.firstComment), when it has one.
             */
            firstComment?: string;
            crosspostingEnabled: boolean;
            /**
             * The recurring series this post is an occurrence of (GET /v1/series/{seriesId}).
             */
            seriesId?: string;
            /**
             * The create request as it was accepted (PostPayload). A scheduled edit (PUT) does not change it: `content`, `mediaItems` and `platforms` above are the current ones.
             */
            rawRequestBody: {
                /**
                 * Post text body.
                 */
                content: string;
                mediaItems?: ({
                    type: "image" | "video" | "gif" | "document";
                    /**
                     * Location of the media.
                     * Format: uri
                     */
                    url: string;
                    /**
                     * Thumbnail image for video items (YouTube regular videos): JPEG, PNG or GIF, ≤2 MB, ≥640 px wide.
                     * Format: uri
                     */
                    thumbnail?: string;
                })[];
                platforms: (({
                    /**
                     * One value of Platform.
                     */
                    platform: "twitter";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * TwitterConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["TwitterConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "instagram";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * InstagramConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["InstagramConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "youtube";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * YouTubeConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["YouTubeConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "tiktok";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * TikTokConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["TikTokConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "pinterest";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * PinterestConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["PinterestConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "linkedin";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * LinkedInConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["LinkedInConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "bluesky";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * BlueskyConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["BlueskyConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "facebook";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * FacebookConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["FacebookConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "threads";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * ThreadsConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["ThreadsConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "googlebusiness";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * GoogleBusinessConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["GoogleBusinessConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "telegram";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * TelegramConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["TelegramConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "discord";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * DiscordConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["DiscordConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "reddit";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * RedditConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["RedditConfigurations"];
                }) | ({
                    /**
                     * One value of Platform.
                     */
                    platform: "mastodon";
                    /**
                     * The integration id (GET /v1/connect/integrations).
                     */
                    accountId: string;
                    /**
                     * Per-platform text; the top-level content when omitted.
                     */
                    content?: string;
                    /**
                     * MastodonConfigurations: only the listed fields are accepted.
                     */
                    platformSpecificData?: components["schemas"]["MastodonConfigurations"];
                }))[];
                /**
                 * `auto` (default): media a target’s platform would refuse (size, aspect ratio, format, codec…) is converted for that target, and its warningMessage says what was done; media every target accepts is published untouched. `off`: such media is refused at create, with the rule in words.
                 */
                mediaProcessing?: "auto" | "off";
                /**
                 * How converted media is fitted to an aspect ratio the platform accepts: `pad` (default, a blurred border, nothing cut) or `crop` (centre). A target’s platformSpecificData.fit overrides it.
                 */
                fit?: "pad" | "crop";
                /**
                 * True: a video longer than a platform allows is trimmed to its limit for that target; otherwise it is refused with the length and the limit.
                 */
                trim?: boolean;
                /**
                 * Posted as a comment (a reply on X, Bluesky and Threads) under each target once it is live, where the platform can comment on the account’s own post: Facebook Pages, Instagram, LinkedIn, Threads, X, Bluesky, YouTube (YouTube’s own platformSpecificData.firstComment replaces it there). TikTok, Pinterest and Google Business targets skip it (their answers say `skipped`). Each platform’s comment length rule is checked at create. A comment that fails leaves the target published with a warningMessage (the post ends partial).
                 */
                firstComment?: string;
                /**
                 * Publish at once. Exactly one of publishNow: true, scheduledFor, queue: true or draft: true.
                 */
                publishNow?: boolean;
                /**
                 * ISO 8601 date-time; without an offset it is read in `timezone`. Must be in the future, and at most 2 years ahead.
                 */
                scheduledFor?: string;
                /**
                 * IANA name, default UTC.
                 */
                timezone?: string;
                /**
                 * Take the next free slot of the posting queue of the targets’ profile (all targets in one profile, or all without one); the answer’s scheduledFor is the slot.
                 */
                queue?: boolean;
                /**
                 * Save as a draft: nothing is charged or published. Problems that only matter at publication are listed in the answer’s `problems` instead of refusing it; schedule it with POST /v1/posts/{postId}/schedule.
                 */
                draft?: boolean;
                /**
                 * Repeat the post. Each occurrence is created as its own scheduled post when the one before it has finished, charged then and announced by post.scheduled; occurrences keep the first one’s local time of day.
                 */
                recurrence?: {
                    /**
                     * Repeat every N units.
                     */
                    every: number;
                    unit: "day" | "week" | "month";
                    /**
                     * No occurrence after this: a date (YYYY-MM-DD, through that whole day) or a date-time, read in the post’s time zone.
                     */
                    until?: string;
                    /**
                     * Occurrences in all, the first included.
                     */
                    count?: number;
                };
                /**
                 * Alternative texts for a recurring post, used in turn after `content` (occurrence 1 takes variants[0], …), because some platforms refuse the same text twice. Targets with their own `content` keep it.
                 */
                variants?: string[];
            };
            /**
             * Format: date-time
             */
            createdAt: string;
            /**
             * Format: date-time
             */
            updatedAt: string;
        };
        Integration: {
            /**
             * Integration id; used as accountId elsewhere.
             */
            id: string;
            /**
             * One value of Platform
             */
            platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
            platformUserId: string;
            username: string | null;
            displayName: string | null;
            profileUrl: string | null;
            imageUrl: string | null;
            /**
             * Platform facts stored at connect time. Twitter, Threads and YouTube store only `type`; no tokens are ever here.
             */
            platformMetadata: {
                /**
                 * What kind of account this is: page (Facebook Page), organization (LinkedIn company page), location (Google Business location), channel (YouTube), else user.
                 */
                type?: "user" | "page" | "organization" | "location" | "channel";
                urn?: string | null;
                category?: string | null;
                instagramBusinessAccountId?: string | null;
                appScopedId?: string | null;
                accountType?: string | null;
                unionId?: string | null;
                pdsUrl?: string | null;
                accountName?: string | null;
                accountDisplayName?: string | null;
                locationName?: string | null;
                resourceName?: string | null;
                mapsUri?: string | null;
                /**
                 * Google Business: whether Google lets the location post through the API (false for the locations of a chain); read at connect and at each token refresh.
                 */
                canOperateLocalPost?: boolean;
                username?: string | null;
                publishRefusal?: string | null;
                [key: string]: unknown;
            };
            profileId: string | null;
            appId: string | null;
            app: ({
                id: string;
                name: string;
                imageUrl: string | null;
            }) | null;
            byok: boolean;
            /**
             * true when the account lives on the sandbox simulator (the platform has no client id and secret configured).
             */
            sandbox: boolean;
            authStatus: "active" | "needs_reconnect" | "revoked";
            authFailureReason: "token_expired" | "token_revoked" | "missing_scopes" | "refresh_failed" | null;
            /**
             * Format: date-time
             */
            createdAt: string;
        };
        IntegrationWithHealth: {
            /**
             * Integration id; used as accountId elsewhere.
             */
            id: string;
            /**
             * One value of Platform
             */
            platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
            platformUserId: string;
            username: string | null;
            displayName: string | null;
            profileUrl: string | null;
            imageUrl: string | null;
            /**
             * Platform facts stored at connect time. Twitter, Threads and YouTube store only `type`; no tokens are ever here.
             */
            platformMetadata: {
                /**
                 * What kind of account this is: page (Facebook Page), organization (LinkedIn company page), location (Google Business location), channel (YouTube), else user.
                 */
                type?: "user" | "page" | "organization" | "location" | "channel";
                urn?: string | null;
                category?: string | null;
                instagramBusinessAccountId?: string | null;
                appScopedId?: string | null;
                accountType?: string | null;
                unionId?: string | null;
                pdsUrl?: string | null;
                accountName?: string | null;
                accountDisplayName?: string | null;
                locationName?: string | null;
                resourceName?: string | null;
                mapsUri?: string | null;
                /**
                 * Google Business: whether Google lets the location post through the API (false for the locations of a chain); read at connect and at each token refresh.
                 */
                canOperateLocalPost?: boolean;
                username?: string | null;
                publishRefusal?: string | null;
                [key: string]: unknown;
            };
            profileId: string | null;
            appId: string | null;
            app: ({
                id: string;
                name: string;
                imageUrl: string | null;
            }) | null;
            byok: boolean;
            /**
             * true when the account lives on the sandbox simulator (the platform has no client id and secret configured).
             */
            sandbox: boolean;
            authStatus: "active" | "needs_reconnect" | "revoked";
            authFailureReason: "token_expired" | "token_revoked" | "missing_scopes" | "refresh_failed" | null;
            /**
             * Format: date-time
             */
            createdAt: string;
            scopes: string[];
            accessTokenExpiresAt: string | null;
            refreshTokenExpiresAt: string | null;
            tokenStatus: {
                /**
                 * The access token is active and not expired now.
                 */
                valid: boolean;
                /**
                 * The service renews access without the user.
                 */
                autoRefreshes: boolean;
                /**
                 * Only the user can restore access: connect the account again (GET /v1/connect/{platform}).
                 */
                reconnectRequired: boolean;
                /**
                 * Why it must reconnect; null when it need not.
                 */
                reason: "token_expired" | "token_revoked" | "missing_scopes" | "refresh_failed" | null;
            };
            /**
             * Format: date-time
             */
            updatedAt: string;
            health: components["schemas"]["AccountHealth"];
        };
        AccountHealth: {
            /**
             * A post to this account can be published now (a rate limit only delays it: see rateLimited).
             */
            canPublish: boolean;
            /**
             * Why it can not publish, in one sentence.
             */
            reason: string | null;
            /**
             * What to do about it.
             */
            action: string | null;
            /**
             * When the access token expires; null when it does not.
             */
            tokenExpiresAt: string | null;
            /**
             * The service renews the token without the user.
             */
            refreshable: boolean;
            /**
             * Capabilities of the platform the user did not grant the scopes for (empty when the platform reported no scopes).
             */
            missingCapabilities: ("publish" | "comments" | "messages" | "analytics")[];
            /**
             * The scopes behind missingCapabilities.
             */
            missingScopes: string[];
            /**
             * The latest final outcome of a post target of this account; null before the first.
             */
            lastPublish: ({
                status: "published" | "failed";
                /**
                 * Format: date-time
                 */
                at: string;
                errorMessage: string | null;
            }) | null;
            /**
             * The platform is rate-limiting this account (or its quota is used up) now; posts wait.
             */
            rateLimited: boolean;
            /**
             * When the wait ends.
             */
            rateLimitedUntil: string | null;
        };
        IntegrationDetail: {
            /**
             * Integration id; used as accountId elsewhere.
             */
            id: string;
            /**
             * One value of Platform
             */
            platform: "twitter" | "instagram" | "youtube" | "tiktok" | "pinterest" | "linkedin" | "bluesky" | "facebook" | "threads" | "googlebusiness" | "telegram" | "discord" | "reddit" | "mastodon";
            platformUserId: string;
            username: string | null;
            displayName: string | null;
            profileUrl: string | null;
            imageUrl: string | null;
            /**
             * Platform facts stored at connect time. Twitter, Threads and YouTube store only `type`; no tokens are ever here.
             */
            platformMetadata: {
                /**
                 * What kind of account this is: page (Facebook Page), organization (LinkedIn company page), location (Google Business location), channel (YouTube), else user.
                 */
                type?: "user" | "page" | "organization" | "location" | "channel";
                urn?: string | null;
                category?: string | null;
                instagramBusinessAccountId?: string | null;
                appScopedId?: string | null;
                accountType?: string | null;
                unionId?: string | null;
                pdsUrl?: string | null;
                accountName?: string | null;
                accountDisplayName?: string | null;
                locationName?: string | null;
                resourceName?: string | null;
                mapsUri?: string | null;
                /**
                 * Google Business: whether Google lets the location post through the API (false for the locations of a chain); read at connect and at each token refresh.
                 */
                canOperateLocalPost?: boolean;
                username?: string | null;
                publishRefusal?: string | null;
                [key: string]: unknown;
            };
            profileId: string | null;
            appId: string | null;
            app: ({
                id: string;
                name: string;
                imageUrl: string | null;
            }) | null;
            byok: boolean;
            /**
             * true when the account lives on the sandbox simulator (the platform has no client id and secret configured).
             */
            sandbox: boolean;
            authStatus: "active" | "needs_reconnect" | "revoked";
            authFailureReason: "token_expired" | "token_revoked" | "missing_scopes" | "refresh_failed" | null;
            /**
             * Format: date-time
             */
            createdAt: string;
            scopes: string[];
            accessTokenExpiresAt: string | null;
            refreshTokenExpiresAt: string | null;
            tokenStatus: {
                /**
                 * The access token is active and not expired now.
                 */
                valid: boolean;
                /**
                 * The service renews access without the user.
                 */
                autoRefreshes: boolean;
                /**
                 * Only the user can restore access: connect the account again (GET /v1/connect/{platform}).
                 */
                reconnectRequired: boolean;
                /**
                 * Why it must reconnect; null when it need not.
                 */
                reason: "token_expired" | "token_revoked" | "missing_scopes" | "refresh_failed" | null;
            };
            /**
             * Format: date-time
             */
            updatedAt: string;
        };
        /**
         * A customer OAuth app; the client secret is never returned.
         */
        OAuthApp: {
            /**
             * Passed as appId when connecting accounts.
             */
            id: string;
            platform: string;
            name: string;
            imageUrl: string | null;
            clientId: string;
            integrationCount: number;
            /**
             * Format: date-time
             */
            createdAt: string;
            /**
             * Format: date-time
             */
            updatedAt: string;
        };
        MediaFile: {
            id: string;
            /**
             * The public URL to put in `mediaItems`.
             * Format: uri
             */
            url: string;
            /**
             * The MediaItem type of the file.
             */
            type: "image" | "video" | "gif" | "document";
            /**
             * As sniffed from the stored bytes.
             */
            mimeType: string;
            filename: string;
            /**
             * Bytes.
             */
            size: number;
            /**
             * `ai` for an image POST /v1/ai/image stored.
             */
            source: "upload" | "ai";
            /**
             * Format: date-time
             */
            createdAt: string;
            uploadedAt: string | null;
            /**
             * The posts that mention the file (in their media or anywhere in their request), newest first; at most 20 in a list, all when read one by one.
             */
            usedBy: ({
                postId: string;
                status: string;
                /**
                 * The post's text, its first 80 characters (… when cut).
                 */
                excerpt: string;
            })[];
            /**
             * False while a post that is not published (including a failed one, which may be retried) or a running series uses the file.
             */
            deletable: boolean;
        };
        AuditEntry: {
            id: string;
            /**
             * Format: date-time
             */
            at: string;
            actor: {
                /**
                 * member, key, cli or system
                 */
                kind: string;
                /**
                 * The member's e-mail, key:<id>, cli:<operator> or system
                 */
                name: string;
                /**
                 * The caller's address over HTTP
                 */
                address: string | null;
                /**
                 * Who it was as a person knows them: the e-mail, access key “<its name>”, <operator> (command line), the service; "(removed) key_…" for a key no longer in the project
                 */
                displayName: string;
            };
            /**
             * <object>.<verb>, such as post.created or profile.updated
             */
            action: string;
            object: {
                type: string;
                id: string;
                /**
                 * What a person recognized it by when the change was made
                 */
                label: string | null;
                /**
                 * What a person knows it by today: an account as "@handle on Platform", a post by the start of its text, a key or profile by its name, a member by e-mail, a comment or message we made by its account and text; "(removed) <id>" once it is gone
                 */
                displayName: string;
                /**
                 * True when the object is no longer in the project
                 */
                removed: boolean;
            };
            /**
             * What changed: field → [before, after] for updates, or the facts of the change; never secrets
             */
            summary: ({
                [key: string]: unknown;
            }) | null;
            /**
             * Each id of ours that `summary` names (accounts, profiles, posts, keys, members), named as `object.displayName` is
             */
            references: {
                [key: string]: {
                    /**
                     * integration, post, key, member or profile
                     */
                    type: string;
                    displayName: string;
                    removed: boolean;
                };
            };
        };
        AccessKey: {
            id: string;
            /**
             * The first characters of the key, to tell keys apart; the key itself is shown once.
             */
            prefix: string;
            name: string | null;
            /**
             * owner: everything; admin: members, keys, webhooks, apps; editor: connect accounts, publish, schedule, approve; contributor: drafts and posts that need approval; viewer: read only.
             */
            role: "owner" | "admin" | "editor" | "contributor" | "viewer";
            /**
             * The profiles the key is limited to; null: every profile of the project.
             */
            profileIds: string[] | null;
            /**
             * Format: date-time
             */
            createdAt: string;
            lastUsedAt: string | null;
            revokedAt: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}

export type $defs = Record<string, never>;

export type operations = Record<string, never>;
