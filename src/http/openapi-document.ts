/**
 * Finishing touches on the generated OpenAPI document that the route schemas
 * can not say themselves, because validation reads those schemas too.
 *
 * A post target's platformSpecificData is validated by the target's platform
 * module (every problem listed at once, src/platforms/validation.ts), so the body
 * schema keeps it free-form. Clients of the contract need the shape per platform:
 * here each marked target schema becomes one variant per platform, whose
 * `platform` is that value and whose platformSpecificData is that module's named
 * schema (TwitterConfigurations ... GoogleBusinessConfigurations).
 */

/** Put on a target schema (`{platform, accountId, content?, platformSpecificData?}`) to document it by platform. */
export const PLATFORM_TARGET_MARK = 'x-platform-target';

type Json = Record<string, unknown>;

function variants(target: Json, configurations: Readonly<Record<string, string>>): Json {
  const { [PLATFORM_TARGET_MARK]: _mark, properties, description, ...rest } = target;
  const props = properties as Record<string, Json>;
  const oneOf = Object.entries(configurations).map(([platform, schemaName]) => ({
    ...rest,
    title: `${schemaName.replace(/Configurations$/, '')} target`,
    properties: {
      ...props,
      platform: { type: 'string', const: platform, description: props.platform?.description },
      platformSpecificData: {
        $ref: `#/components/schemas/${schemaName}`,
        description: `${schemaName}: only the listed fields are accepted.`,
      },
    },
  }));
  return { ...(description ? { description } : {}), oneOf };
}

/** Replaces every marked target schema in the document; answers the same document. */
export function documentTargetsByPlatform<T>(doc: T, configurations: Readonly<Record<string, string>>): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const obj = node as Json;
    if (obj[PLATFORM_TARGET_MARK] === true) return variants(obj, configurations);
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, walk(v)]));
  };
  return walk(doc) as T;
}

/** What each error status means here (decisions.md), and an answer as the service writes it. */
const ERROR_DOCS: Record<string, { description: string; message: string }> = {
  '400': {
    description: 'Invalid input: one message lists every problem, each naming where it is.',
    message: 'platforms[0].accountId is required; scheduledFor must be in the future',
  },
  '401': { description: 'Missing or unknown x-access-key.', message: 'Missing x-access-key header' },
  '402': {
    description: 'Not enough credits (monthly allowance plus purchased credits).',
    message:
      'Not enough credits: this post (1 credit per target, 2 targets) needs 2 and 1 remain (0 of the monthly allowance of 100 until 2026-12-01T00:00:00.000Z, 1 purchased)',
  },
  '403': {
    description: 'The key may not do this, for example an account that needs reconnecting.',
    message:
      'platforms[0] (twitter): account "int_01" needs reconnecting (authorization revoked); connect it again with GET /v1/connect/twitter',
  },
  '404': {
    description: 'Not found (also for ids of another project).',
    message: 'Post not found',
  },
  '409': {
    description: 'State conflict: no longer scheduled, still in use, or already used.',
    message: 'Post post_01 is published, no longer scheduled; only a scheduled post can be edited',
  },
  '413': { description: 'Request body too large.', message: 'Request body is too large' },
  '429': {
    description: 'Rate limited; Retry-After says when to retry.',
    message: 'Rate limit of 600 requests per 1 minute reached; retry later',
  },
  '502': {
    description: 'The social platform answered with an error.',
    message: 'Pinterest answered 503: the service is unavailable',
  },
  '500': {
    description:
      'An unexpected error only: when the work can not be done (no AI provider, the provider or the platform failed, the database is down) the answer is 503. Both carry `{success: false, message, error}`, readable in either error shape.',
    message: 'Internal error; the request id in x-request-id helps us find it',
  },
  '503': {
    description: 'The service can not take work now; Retry-After says when to retry.',
    message: 'The database is unavailable right now; retry shortly',
  },
};

const SHAPE_REF = /#\/components\/schemas\/ErrorShape(AB|A|B)$/;

/**
 * Each documented error answer gets what its status means and an example in its
 * route's shape: `{success: false, message}` (A) or `{error}` (B).
 */
export function documentErrorAnswers<T>(doc: T): T {
  const paths = (doc as { paths?: Record<string, Record<string, { responses?: Record<string, Json> }>> })
    .paths;
  for (const operations of Object.values(paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const known = ERROR_DOCS[status];
        const media = (response.content as Record<string, Json> | undefined)?.['application/json'];
        const shape = SHAPE_REF.exec(String((media?.schema as Json | undefined)?.$ref ?? ''))?.[1];
        if (!known || !media || !shape) continue;
        response.description = known.description;
        media.example =
          shape === 'AB'
            ? { success: false, message: known.message, error: known.message }
            : shape === 'A'
              ? { success: false, message: known.message }
              : { error: known.message };
      }
    }
  }
  return doc;
}

/**
 * A query parameter with a default is optional for the caller (the default applies when it is
 * left out), but the generator lists every non-Optional property as required. Validation reads
 * the same schemas and fills the defaults in, so the handlers keep their non-optional types;
 * only the document is corrected here.
 */
export function documentDefaultsAsOptional<T>(doc: T): T {
  const paths = (doc as { paths?: Record<string, Record<string, { parameters?: Json[] }>> }).paths;
  for (const operations of Object.values(paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const parameter of operation.parameters ?? []) {
        const schema = parameter.schema as Json | undefined;
        if (parameter.in === 'query' && schema && 'default' in schema) parameter.required = false;
      }
    }
  }
  return doc;
}
