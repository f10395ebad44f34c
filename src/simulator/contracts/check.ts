/**
 * Checks the simulator's traffic against the platforms' own descriptions of their
 * APIs (the contract files beside this one): every request an adapter sends and
 * every answer a simulated platform gives. A request to an operation the contract
 * does not describe, a field the description does not name, a wrong type or enum
 * value, a missing required field, an undocumented status or content type: each
 * is a violation. Tests turn this on (SimulatorOptions.contracts); sandbox mode
 * never does, so a user is never refused by our own reading of a platform.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { headerValue, readMultipart, type SimRequest, type SimResponse } from '../core/http.ts';
import { applyAmendment, loadAmendments } from './amendments.ts';
import { ATPROTO_FORMATS } from './atproto-formats.ts';
import { closeSchema } from './closed-schema.ts';
import type { ContentMap, Contract, ContractOperation, JsonSchema } from './types.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** Every contract file of this folder, by platform, with its amendments (amendments/) applied. */
export function loadContracts(): Map<string, Contract> {
  const dir = new URL('./', import.meta.url);
  const out = new Map<string, Contract>();
  const amendments = loadAmendments();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const c = JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as Contract;
    for (const a of amendments.get(c.platform) ?? []) applyAmendment(c, a);
    const loose = new Set((c.unenforcedFormats ?? []).map((f) => f.format));
    if (loose.size) {
      c.operations = withoutFormats(c.operations, loose) as Contract['operations'];
      if (c.components) c.components = withoutFormats(c.components, loose) as Contract['components'];
    }
    out.set(c.platform, c);
  }
  return out;
}

const withoutFormats = (v: unknown, formats: Set<string>): unknown => {
  if (Array.isArray(v)) return v.map((x) => withoutFormats(x, formats));
  if (!isObject(v)) return v;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([k, x]) => !(k === 'format' && typeof x === 'string' && formats.has(x)))
      .map(([k, x]) => [k, withoutFormats(x, formats)]),
  );
};

const mediaType = (v: string | undefined): string => (v ?? '').split(';')[0]!.trim().toLowerCase();
// The declared content type a request's type falls under: itself, its family (video/any) or any.
const declaredType = (declared: ContentMap, type: string): string | undefined =>
  [type, `${type.split('/')[0]}/*`, '*/*'].find((t) => t in declared);
const isJsonType = (t: string): boolean => t === 'application/json' || t.endsWith('+json');
const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v);

const describeErrors = (where: string, errors: ErrorObject[] | null | undefined): string[] =>
  (errors ?? []).slice(0, 8).map((e) => {
    const at = `${where}${e.instancePath}`;
    if (e.keyword === 'unevaluatedProperties' || e.keyword === 'additionalProperties') {
      const p = e.params as { unevaluatedProperty?: string; additionalProperty?: string };
      return `${at}: field "${p.unevaluatedProperty ?? p.additionalProperty}" is not in the description`;
    }
    if (e.keyword === 'enum')
      return `${at}: must be one of ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`;
    return `${at}: ${e.message ?? e.keyword} ${e.keyword === 'required' || e.keyword === 'type' ? JSON.stringify(e.params) : ''}`.trim();
  });

interface Compiled {
  contract: Contract;
  /** Operations with their path split in segments, most literal segments first. */
  routes: { id: string; op: ContractOperation; segments: string[]; literals: number }[];
}

export interface RequestCheck {
  /** The matched operation's id; absent when none matched. */
  operation?: string;
  problems: string[];
}

export class ContractChecker {
  private readonly ajv = addFormats(
    new Ajv2020({
      allErrors: true,
      strict: false,
      logger: false,
      validateFormats: true,
      formats: ATPROTO_FORMATS,
    }),
  );
  private readonly compiled = new Map<string, Compiled>();
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(contracts: Map<string, Contract> = loadContracts()) {
    for (const [platform, contract] of contracts) {
      const components = contract.components?.schemas ?? {};
      const refBase = `contract-${platform}`;
      const closed = Object.fromEntries(
        Object.entries(components).map(([k, s]) => [k, closeSchema(s, components, refBase)]),
      );
      this.ajv.addSchema({ $id: refBase, components: { schemas: closed } });
      const routes = Object.entries(contract.operations).map(([id, op]) => {
        const segments = op.path.split('/').filter(Boolean);
        return { id, op, segments, literals: segments.filter((s) => !s.startsWith('{')).length };
      });
      routes.sort((a, b) => b.literals - a.literals);
      this.compiled.set(platform, { contract, routes });
    }
  }

  /** Whether a platform's traffic is checked (it has a contract file). */
  covers(platform: string): boolean {
    return this.compiled.has(platform);
  }

  contract(platform: string): Contract | undefined {
    return this.compiled.get(platform)?.contract;
  }

  /** The operation a request is for, with its path parameters. */
  match(
    platform: string,
    method: string,
    path: string,
    query?: URLSearchParams,
  ): { id: string; op: ContractOperation; params: Record<string, string> } | undefined {
    const parts = path.split('/').filter(Boolean);
    for (const r of this.compiled.get(platform)?.routes ?? []) {
      if (r.op.method !== method || r.segments.length !== parts.length) continue;
      const wanted = Object.entries(r.op.queryMatch ?? {});
      if (wanted.length && !wanted.every(([k, v]) => query?.get(k) === v)) continue;
      const params: Record<string, string> = {};
      const ok = r.segments.every((s, i) => {
        const part = decodeURIComponent(parts[i]!);
        if (s.startsWith('{')) {
          params[s.slice(1, -1)] = part;
          return true;
        }
        return s === part;
      });
      if (ok) return { id: r.id, op: r.op, params };
    }
    return undefined;
  }

  async checkRequest(platform: string, req: SimRequest): Promise<RequestCheck> {
    const m = this.match(platform, req.method, req.path, req.searchParams ?? new URLSearchParams(req.query));
    // A listed path more literal than the operation that fits it wins
    // (`/oauth/access_token` over Graph's `/{version}/{object-id}`), and the other way round
    // (`/2/users/me` over a listed `/2/users/{id}`).
    const literals = m ? m.op.path.split('/').filter((s) => s && !s.startsWith('{')).length : -1;
    if (this.listedLiterals(platform, req.method, req.path) > literals) return { problems: [] };
    if (!m) {
      return { problems: [`${req.method} ${req.path} is not an operation of the ${platform} contract`] };
    }
    const { id, op } = m;
    const problems: string[] = [];
    const key = `${platform}/${id}`;
    if (op.pathParams) problems.push(...this.validate(`${key}/path`, op.pathParams, m.params, 'path'));
    if (op.headers)
      problems.push(...this.validate(`${key}/headers`, openHeaders(op.headers), headersOf(req), 'headers'));
    const pinned = this.compiled.get(platform)?.contract.source.readAtVersion;
    const sent = pinned ? headerValue(req, pinned.header) : undefined;
    if (pinned && sent !== undefined && sent !== pinned.value)
      problems.push(
        `headers: ${pinned.header} ${sent} is not the version the description was read at (${pinned.value})`,
      );
    if (op.paramsAnywhere) {
      const all = await graphParams(req);
      if ('problem' in all) return { operation: id, problems: [...problems, all.problem] };
      const params = coerceParams(all.params, op.query, this.lookup(platform));
      problems.push(...this.validate(`${key}/params`, op.query ?? {}, params, 'params'));
      return { operation: id, problems };
    }
    const query = coerceParams(
      req.searchParams ?? new URLSearchParams(req.query),
      op.query,
      this.lookup(platform),
    );
    if (op.query) problems.push(...this.validate(`${key}/query`, op.query, query, 'query'));
    else if (Object.keys(query).length)
      problems.push(`query: takes no parameters, got ${Object.keys(query)}`);

    const hasBody = req.rawBody.length > 0;
    const type = mediaType(headerValue(req, 'content-type'));
    if (!op.body) {
      if (hasBody) problems.push(`body: the operation takes none, got ${type || 'a body'}`);
    } else if (!hasBody) {
      if (op.bodyRequired) problems.push('body: required');
    } else if (!declaredType(op.body, type)) {
      problems.push(
        `body: content type ${type || '(none)'} is not one of ${Object.keys(op.body).join(', ')}`,
      );
    } else {
      const schema = op.body[declaredType(op.body, type)!]!;
      const value = await bodyValue(req, type, schema, this.lookup(platform));
      if (value !== undefined) problems.push(...this.validate(`${key}/body/${type}`, schema, value, 'body'));
    }
    return { operation: id, problems };
  }

  /** Checks an answer the simulator gave to a request of operation `id`. */
  checkAnswer(platform: string, id: string, answer: SimResponse, method = 'GET'): string[] {
    const op = this.compiled.get(platform)?.contract.operations[id];
    if (!op) return [];
    const status = String(answer.status);
    const content: ContentMap | undefined =
      op.responses[status] ?? op.responses[`${status[0]}XX`] ?? op.responses.default;
    if (!content)
      return [`status ${status} is not among the documented ${Object.keys(op.responses).join(', ')}`];
    const headers = op.responseHeaders?.[status];
    const headerProblems = headers
      ? this.validate(
          `${platform}/${id}/answer/${status}/headers`,
          openHeaders(headers),
          Object.fromEntries(
            Object.entries(answer.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]),
          ),
          'answer headers',
        )
      : [];
    return [...headerProblems, ...this.checkAnswerBody(platform, id, status, content, answer, method)];
  }

  private checkAnswerBody(
    platform: string,
    id: string,
    status: string,
    content: ContentMap,
    answer: SimResponse,
    method: string,
  ): string[] {
    const types = Object.keys(content);
    const body = answer.body;
    if (body === undefined || (typeof body === 'string' && body === '') || method === 'HEAD') {
      return types.length && method !== 'HEAD'
        ? [`answer: no body, the description has ${types.join(', ')}`]
        : [];
    }
    if (types.length === 0) return [`answer: status ${status} has no body in the description`];
    const headerType = Object.entries(answer.headers ?? {}).find(
      ([k]) => k.toLowerCase() === 'content-type',
    )?.[1];
    const type = mediaType(
      headerType ??
        (Buffer.isBuffer(body)
          ? 'application/octet-stream'
          : typeof body === 'string'
            ? 'text/plain'
            : 'application/json'),
    );
    if (!(type in content)) return [`answer: content type ${type} is not one of ${types.join(', ')}`];
    if (!isJsonType(type)) return [];
    let value = body;
    if (Buffer.isBuffer(body) || typeof body === 'string') {
      try {
        value = JSON.parse(body.toString());
      } catch {
        return [`answer: ${type} body is not JSON`];
      }
    }
    return this.validate(`${platform}/${id}/answer/${status}/${type}`, content[type]!, value, 'answer');
  }

  private isOutside(platform: string, method: string, raw: string): boolean {
    // Trailing slashes do not tell paths apart (the router ignores them too).
    const path = raw.length > 1 ? raw.replace(/\/+$/, '') : raw;
    return (this.compiled.get(platform)?.contract.outside ?? []).some(
      (o) =>
        o.method === method &&
        (o.path.endsWith('*') ? path.startsWith(o.path.slice(0, -1)) : o.path === path),
    );
  }

  /** A call the contract lists as not described yet (`undescribed`). */
  isUndescribed(platform: string, method: string, raw: string): boolean {
    return this.undescribedLiterals(platform, method, raw) >= 0;
  }

  private undescribedLiterals(platform: string, method: string, raw: string): number {
    const parts = raw.split('/').filter(Boolean);
    let best = -1;
    for (const u of this.compiled.get(platform)?.contract.undescribed ?? []) {
      if (u.method !== method) continue;
      const want = u.path.split('/').filter(Boolean);
      const below = want.at(-1) === '*';
      if (below) want.pop();
      if (below ? parts.length < want.length : parts.length !== want.length) continue;
      if (want.every((w, i) => w.startsWith('{') || w === parts[i]))
        best = Math.max(best, want.filter((w) => !w.startsWith('{')).length);
    }
    return best;
  }

  /** How literal the most literal `outside` or `undescribed` entry fitting the call is (-1: none). */
  private listedLiterals(platform: string, method: string, raw: string): number {
    const outside = this.isOutside(platform, method, raw) ? raw.split('/').filter(Boolean).length : -1;
    return Math.max(outside, this.undescribedLiterals(platform, method, raw));
  }

  private lookup(platform: string): (s: JsonSchema) => JsonSchema {
    const schemas = this.compiled.get(platform)?.contract.components?.schemas ?? {};
    const resolve = (s: JsonSchema): JsonSchema =>
      typeof s.$ref === 'string' ? resolve(schemas[s.$ref.replace('#/components/schemas/', '')] ?? {}) : s;
    return resolve;
  }

  private validate(key: string, schema: JsonSchema, value: unknown, where: string): string[] {
    let v = this.validators.get(key);
    if (!v) {
      const platform = key.split('/')[0]!;
      const components = this.compiled.get(platform)?.contract.components?.schemas ?? {};
      v = this.ajv.compile(closeSchema(schema, components, `contract-${platform}`));
      this.validators.set(key, v);
    }
    return v(value) ? [] : describeErrors(where, v.errors);
  }
}

/** Header schemas name the headers an operation needs; every other header a request carries passes. */
const openHeaders = (schema: JsonSchema): JsonSchema => ({ ...schema, additionalProperties: true });
const headersOf = (req: SimRequest): Record<string, string> =>
  Object.fromEntries(Object.keys(req.headers).map((k) => [k.toLowerCase(), headerValue(req, k) ?? '']));

/** The type a parameter's schema names (through refs and a first `anyOf`/`oneOf` branch). */
const typeOf = (s: JsonSchema, resolve: (s: JsonSchema) => JsonSchema): string | undefined => {
  const r = resolve(s);
  if (typeof r.type === 'string') return r.type;
  const alt = (r.anyOf ?? r.oneOf) as JsonSchema[] | undefined;
  return alt?.[0] ? typeOf(alt[0], resolve) : undefined;
};

/** A property's schema wherever the object's schema names it: own, combinator branches, subtypes. */
function propertySchema(
  schema: JsonSchema,
  name: string,
  resolve: (s: JsonSchema) => JsonSchema,
  depth = 0,
): JsonSchema | undefined {
  const s = resolve(schema);
  const own = (s.properties as Record<string, JsonSchema> | undefined)?.[name];
  if (own || depth > 8) return own;
  const mapping = (s.discriminator as { mapping?: Record<string, string> } | undefined)?.mapping ?? {};
  const branches = [
    ...((s.allOf ?? []) as JsonSchema[]),
    ...((s.anyOf ?? []) as JsonSchema[]),
    ...((s.oneOf ?? []) as JsonSchema[]),
    ...Object.values(mapping).map((ref) => ({ $ref: ref })),
  ];
  for (const b of branches) {
    const found = propertySchema(b, name, resolve, depth + 1);
    if (found) return found;
  }
  return undefined;
}

const jsonOf = (raw: string, opening: string): unknown => {
  if (!raw.trimStart().startsWith(opening)) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
};

const scalar = (raw: string, type: string | undefined): unknown => {
  if ((type === 'integer' || type === 'number') && raw.trim() !== '' && !Number.isNaN(Number(raw)))
    return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  // Graph takes an object parameter as JSON text (`attached_media[0]={"media_fbid":"1"}`).
  if (type === 'object') return jsonOf(raw, '{') ?? raw;
  return raw;
};

/**
 * Query and form values arrive as strings: typed by the description (numbers,
 * booleans; arrays comma-separated as OpenAPI's `form` style without explode,
 * or repeated as XRPC sends them), so `max_results=abc` fails and `=10` passes.
 */
function coerceParams(
  params: URLSearchParams,
  schema: JsonSchema | undefined,
  resolve: (s: JsonSchema) => JsonSchema,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    const prop = schema ? propertySchema(schema, name, resolve) : undefined;
    const type = prop ? typeOf(prop, resolve) : undefined;
    if (type === 'array') {
      const itemType = typeOf((resolve(prop!).items as JsonSchema | undefined) ?? {}, resolve);
      // A list comes repeated, comma-separated, or (Graph) as a JSON array.
      const json = values.length === 1 ? jsonOf(values[0]!, '[') : undefined;
      const items = Array.isArray(json) ? json : values.length > 1 ? values : values[0]!.split(',');
      out[name] = items.map((v) => (typeof v === 'string' ? scalar(v, itemType) : v));
    } else out[name] = scalar(values[values.length - 1]!, type);
  }
  return out;
}

/**
 * Graph's parameters, which it takes in the query and the body alike (form,
 * multipart, JSON); `name[0]`, `name[1]` are one list parameter. Files are
 * named, not read.
 */
async function graphParams(req: SimRequest): Promise<{ params: URLSearchParams } | { problem: string }> {
  const out = new URLSearchParams();
  const add = (name: string, value: string) => out.append(name.replace(/\[\d+\]$/, ''), value);
  for (const [k, v] of (req.searchParams ?? new URLSearchParams(req.query)).entries()) add(k, v);
  if (req.rawBody.length === 0) return { params: out };
  const type = mediaType(headerValue(req, 'content-type'));
  if (type === 'multipart/form-data') {
    for (const [k, v] of (await readMultipart(req)).entries()) add(k, typeof v === 'string' ? v : '(file)');
  } else if (type === 'application/x-www-form-urlencoded') {
    for (const [k, v] of new URLSearchParams(req.rawBody.toString('utf8')).entries()) add(k, v);
  } else if (isJsonType(type) && isObject(req.body)) {
    for (const [k, v] of Object.entries(req.body)) add(k, typeof v === 'string' ? v : JSON.stringify(v));
  } else return { problem: `body: content type ${type || '(none)'} is not a form, multipart or JSON` };
  return { params: out };
}

async function bodyValue(
  req: SimRequest,
  type: string,
  schema: JsonSchema,
  resolve: (s: JsonSchema) => JsonSchema,
): Promise<unknown> {
  if (isJsonType(type)) return Buffer.isBuffer(req.body) ? '(not JSON)' : req.body;
  if (type === 'application/x-www-form-urlencoded') {
    return coerceParams(new URLSearchParams(req.rawBody.toString('utf8')), resolve(schema), resolve);
  }
  if (type === 'multipart/form-data') {
    const form = await readMultipart(req);
    const fields = new URLSearchParams();
    for (const [k, v] of form.entries()) fields.append(k, typeof v === 'string' ? v : '(file)');
    return coerceParams(fields, resolve(schema), resolve);
  }
  // Binary uploads: the content type was checked; the bytes are the media.
  return isObject(req.body) ? req.body : undefined;
}
