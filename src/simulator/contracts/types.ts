/**
 * The shape of a contract file (one per platform, `contracts/<platform>.json`): the
 * operations our adapters call, as the platform's own published description has
 * them, trimmed to those operations. See README.md in this folder.
 */

/** A JSON Schema as it appears in the platform's description (OpenAPI 3.0 dialect allowed). */
export type JsonSchema = Record<string, unknown>;

/** Media type → schema of the body in that type (`{}` when the description gives none). */
export type ContentMap = Record<string, JsonSchema>;

export interface ContractOperation {
  method: string;
  /** Below the simulator's platform prefix; `{name}` matches one segment. */
  path: string;
  /** Object schema of the path's `{name}` segments. */
  pathParams?: JsonSchema;
  /** Object schema of the query; a name it does not list is refused. */
  query?: JsonSchema;
  /**
   * Query values that tell operations sharing a method and path apart: Rest.li
   * actions are all `POST /rest/videos?action=…` (LinkedIn). The operation matches
   * only a request whose query has these values.
   */
  queryMatch?: Record<string, string>;
  /**
   * Object schema of the headers the operation requires (names in lower case),
   * LinkedIn's `LinkedIn-Version`; other headers pass, as every request carries some.
   */
  headers?: JsonSchema;
  /**
   * The parameters (`query`) may come in the query or the body alike, as the Graph
   * API takes them (form, multipart or JSON; `name[0]` items of a list).
   */
  paramsAnywhere?: boolean;
  /** Request body per content type; absent when the operation takes none. */
  body?: ContentMap;
  bodyRequired?: boolean;
  /** Status (`200`, `4XX`, `default`) → the content types and schemas of that answer. */
  responses: Record<string, ContentMap>;
  /**
   * Status → object schema of the answer headers the platform documents and our
   * adapters read (names in lower case): LinkedIn's `x-restli-id` on a created post,
   * the `location` of a resumable upload session. Other headers pass.
   */
  responseHeaders?: Record<string, JsonSchema>;
  /**
   * Set when the operation is not in the machine-readable source but transcribed
   * from the platform's reference page: where from, so a reader can check it.
   */
  transcribed?: string;
}

export interface ContractSource {
  description: string;
  /** Where the full document lives, to fetch it again (`owner/name` on GitHub, or a URL). */
  repository: string;
  path: string;
  /** The server's base path the document's paths are below (`/v5`), prepended to them here. */
  pathPrefix?: string;
  /** Commit the trimmed copy was taken from. */
  revision: string;
  /** The document's own version (OpenAPI `info.version`, discovery `revision`...). */
  version?: string | number;
  /**
   * The API version the description was read at, where the platform takes it in a
   * request header (LinkedIn's `LinkedIn-Version: 202605`): a request carrying the
   * header with another value is a departure, so the adapter's version and the
   * one the file was read at can not drift apart unnoticed.
   */
  readAtVersion?: { header: string; value: string };
}

export interface Contract {
  platform: string;
  source: ContractSource;
  /** What a reader should know: versions pinned, parts transcribed, known departures. */
  notes?: string[];
  operations: Record<string, ContractOperation>;
  /**
   * Requests under the platform's prefix that are not calls of its API (an S3
   * upload URL the API hands out): not checked, each saying why. A path ending in
   * `*` covers everything below it.
   */
  outside?: { method: string; path: string; why: string }[];
  /**
   * Calls of the API our adapters make that this file does not describe yet (the
   * source has no such operation and no page was transcribed for it): passed
   * unchecked, each saying what it is, so the gap is listed rather than hidden.
   * `{name}` matches one path segment, a trailing `*` everything below.
   */
  undescribed?: { method: string; path: string; why: string }[];
  /**
   * Formats the document declares but the platform's own examples and answers do
   * not follow (Pinterest's `date-time` values carry no offset): not enforced.
   */
  unenforcedFormats?: { format: string; why: string }[];
  components?: { schemas?: Record<string, JsonSchema> };
}

/** One departure from a platform's description seen by the simulator. */
export interface ContractViolation {
  platform: string;
  /** `request` (what the adapter sent) or `answer` (what the simulator answered). */
  side: 'request' | 'answer';
  method: string;
  path: string;
  /** The contract operation, when one matched. */
  operation?: string;
  problems: string[];
}
