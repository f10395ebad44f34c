// The service's OpenAPI document, read once and shared: the platforms' option schemas
// (OptionFields) and each operation's access roles (teams/permissions) come from it,
// so the dashboard keeps no copy of either.

export interface OpenApiDocument {
  components: { schemas: Record<string, unknown> };
  paths: Record<string, Record<string, { 'x-access-roles'?: string[] }>>;
}

let documentPromise: Promise<OpenApiDocument> | null = null;

export function openApiDocument(): Promise<OpenApiDocument> {
  documentPromise ??= fetch('/openapi.json')
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .catch((e: unknown) => {
      // A failed read is tried again next time.
      documentPromise = null;
      throw e;
    });
  return documentPromise;
}
