/**
 * Writes the simulator's Facebook and Instagram contracts
 * (src/simulator/contracts/<platform>.json) from the Graph API node specs Meta
 * generates its business SDKs from (facebook/facebook-business-sdk-codegen,
 * `api_specs/specs/<Node>.json`: each node's fields with their types, and its
 * edges with their parameters).
 *
 *   npm run contracts:graph -- --platform facebook --from <checkout>/api_specs/specs \
 *     --revision <commit> --version v25.0
 *
 * The operations our adapters call are listed below (OPERATIONS), each naming the
 * node and edge it is in the specs. How they are described:
 * - parameters: an edge's params, with their types; Graph takes them in the query
 *   or the body alike (`paramsAnywhere`), plus the parameters every call takes;
 * - answers: a read answers some of the node's fields (Graph answers only the
 *   `fields` asked for, and the id), a list `{data: [...], paging}`, a create the
 *   new object's id (the node's fields, so `post_id` of a Page video passes and an
 *   invented field does not), a delete `{success}`;
 * - nested nodes (`owner`, `from`) and edges read by field expansion
 *   (`replies{...}`) are objects whose fields are not checked, and
 *   enum parameters are checked against the specs' enum_types.json.
 * Error answers are transcribed from the Graph API's error reference (`error`
 * with message, type, code, error_subcode...).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

type Json = Record<string, unknown>;

const { values: args } = parseArgs({
  options: {
    platform: { type: 'string' },
    from: { type: 'string' },
    revision: { type: 'string' },
    version: { type: 'string' },
  },
});
if (!args.platform || !args.from || !args.revision || !args.version) {
  process.stderr.write(
    'usage: --platform facebook|instagram --from <api_specs/specs> --revision sha --version vNN.0\n',
  );
  process.exit(2);
}

interface GraphOperation {
  id: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** `Node.edge` whose params the call takes (`Node` alone: the node itself). */
  params: string[];
  /** A list the specs name no node of (`object` answer): it takes the paging parameters too. */
  paged?: true;
  /** What the answer holds: fields of these nodes, a list of them, an id, or success. */
  answer:
    | { kind: 'node' | 'list' | 'created'; nodes: string[] }
    | { kind: 'success' }
    // The specs say `Object` and nothing more: an object naming no field (an amendment
    // from the reference page says which fields the answer has).
    | { kind: 'object' };
}

const OPERATIONS: Record<string, GraphOperation[]> = {
  facebook: [
    {
      id: 'page.feed.create',
      method: 'POST',
      path: '/{version}/{page-id}/feed',
      params: ['Page.feed'],
      answer: { kind: 'created', nodes: ['PagePost'] },
    },
    {
      id: 'page.feed.list',
      method: 'GET',
      path: '/{version}/{page-id}/feed',
      params: ['Page.feed'],
      answer: { kind: 'list', nodes: ['PagePost'] },
    },
    {
      id: 'page.photos.create',
      method: 'POST',
      path: '/{version}/{page-id}/photos',
      params: ['Page.photos'],
      answer: { kind: 'created', nodes: ['Photo'] },
    },
    {
      id: 'page.videos.create',
      method: 'POST',
      path: '/{version}/{page-id}/videos',
      params: ['Page.videos'],
      answer: { kind: 'created', nodes: ['AdVideo'] },
    },
    {
      // Reels: upload_phase start and finish (the bytes go to rupload, an amendment).
      id: 'page.video_reels.create',
      method: 'POST',
      path: '/{version}/{page-id}/video_reels',
      params: ['Page.video_reels'],
      answer: { kind: 'created', nodes: ['AdVideo'] },
    },
    {
      // Video Stories: the same phases as Reels.
      id: 'page.video_stories.create',
      method: 'POST',
      path: '/{version}/{page-id}/video_stories',
      params: ['Page.video_stories'],
      answer: { kind: 'created', nodes: ['AdVideo'] },
    },
    {
      // A photo Story from an unpublished photo (the specs answer the Page; Meta's page: post_id, an amendment).
      id: 'page.photo_stories.create',
      method: 'POST',
      path: '/{version}/{page-id}/photo_stories',
      params: ['Page.photo_stories'],
      answer: { kind: 'success' },
    },
    {
      id: 'page.stories.list',
      method: 'GET',
      path: '/{version}/{page-id}/stories',
      params: ['Page.stories'],
      answer: { kind: 'list', nodes: ['Stories'] },
    },
    {
      id: 'video.thumbnails.create',
      method: 'POST',
      path: '/{version}/{video-id}/thumbnails',
      params: ['AdVideo.thumbnails'],
      answer: { kind: 'success' },
    },
    {
      id: 'object.insights',
      method: 'GET',
      path: '/{version}/{object-id}/insights',
      params: ['PagePost.insights', 'AdVideo.video_insights'],
      answer: { kind: 'list', nodes: ['InsightsResult'] },
    },
    {
      id: 'object.delete',
      method: 'DELETE',
      path: '/{version}/{object-id}',
      params: [],
      answer: { kind: 'success' },
    },
    {
      // A Page (its Instagram account), a post, a video or a comment read back.
      id: 'object.read',
      method: 'GET',
      path: '/{version}/{object-id}',
      params: [],
      answer: { kind: 'node', nodes: ['Page', 'PagePost', 'AdVideo', 'Comment'] },
    },
    {
      // Comments of a post, and replies of a comment (the same edge on both nodes).
      id: 'object.comments.list',
      method: 'GET',
      path: '/{version}/{object-id}/comments',
      params: ['PagePost.comments', 'Comment.comments'],
      answer: { kind: 'list', nodes: ['Comment'] },
    },
    {
      // A first comment, a comment, or a reply to a comment.
      id: 'object.comments.create',
      method: 'POST',
      path: '/{version}/{object-id}/comments',
      params: ['PagePost.comments', 'Comment.comments'],
      answer: { kind: 'created', nodes: ['Comment'] },
    },
    {
      // Editing a published Page post (message) or video (description, name).
      id: 'object.update',
      method: 'POST',
      path: '/{version}/{object-id}',
      params: ['PagePost', 'AdVideo'],
      answer: { kind: 'success' },
    },
    {
      // The person who logged in (Facebook Login), and a Page read with its own token.
      id: 'user.read',
      method: 'GET',
      path: '/{version}/me',
      params: [],
      answer: { kind: 'node', nodes: ['User', 'Page'] },
    },
    {
      // The Pages the person manages, each with its Page token.
      id: 'user.accounts.list',
      method: 'GET',
      path: '/{version}/me/accounts',
      params: ['User.accounts'],
      answer: { kind: 'list', nodes: ['Page'] },
    },
    {
      // What the person granted (the scopes of the token).
      id: 'user.permissions.list',
      method: 'GET',
      path: '/{version}/me/permissions',
      params: ['User.permissions'],
      answer: { kind: 'list', nodes: ['Permission'] },
    },
  ],
  instagram: [
    {
      id: 'user.media.create',
      method: 'POST',
      path: '/{version}/{ig-user-id}/media',
      params: ['IGUser.media'],
      answer: { kind: 'created', nodes: ['ShadowIGMediaBuilder'] },
    },
    {
      id: 'user.media.list',
      method: 'GET',
      path: '/{version}/{ig-user-id}/media',
      params: ['IGUser.media'],
      answer: { kind: 'list', nodes: ['IGMedia'] },
    },
    {
      id: 'user.media_publish',
      method: 'POST',
      path: '/{version}/{ig-user-id}/media_publish',
      params: ['IGUser.media_publish'],
      answer: { kind: 'created', nodes: ['IGMedia'] },
    },
    {
      id: 'user.content_publishing_limit',
      method: 'GET',
      path: '/{version}/{ig-user-id}/content_publishing_limit',
      params: ['IGUser.content_publishing_limit'],
      answer: { kind: 'list', nodes: ['ContentPublishingLimitResponse'] },
    },
    {
      id: 'object.insights',
      method: 'GET',
      path: '/{version}/{object-id}/insights',
      params: ['IGMedia.insights', 'IGUser.insights'],
      answer: { kind: 'list', nodes: ['InstagramInsightsResult'] },
    },
    {
      id: 'object.read',
      method: 'GET',
      path: '/{version}/{object-id}',
      params: [],
      // A media, a container, or the account itself (`/me`).
      answer: { kind: 'node', nodes: ['IGMedia', 'ShadowIGMediaBuilder', 'IGUser'] },
    },
    {
      id: 'media.comments.list',
      method: 'GET',
      path: '/{version}/{ig-media-id}/comments',
      params: ['IGMedia.comments'],
      answer: { kind: 'list', nodes: ['IGComment'] },
    },
    {
      // A first comment or a comment.
      id: 'media.comments.create',
      method: 'POST',
      path: '/{version}/{ig-media-id}/comments',
      params: ['IGMedia.comments'],
      answer: { kind: 'created', nodes: ['IGComment'] },
    },
    {
      id: 'comment.replies.create',
      method: 'POST',
      path: '/{version}/{ig-comment-id}/replies',
      params: ['IGComment.replies'],
      answer: { kind: 'created', nodes: ['IGComment'] },
    },
    {
      id: 'comment.replies.list',
      method: 'GET',
      path: '/{version}/{ig-comment-id}/replies',
      params: ['IGComment.replies'],
      answer: { kind: 'list', nodes: ['IGComment'] },
    },
    {
      // Deleting a comment (a published media can not be deleted through the API).
      id: 'object.delete',
      method: 'DELETE',
      path: '/{version}/{object-id}',
      params: [],
      answer: { kind: 'success' },
    },
    {
      // Hiding a comment (`hide`), switching a media's comments off (`comment_enabled`).
      id: 'object.update',
      method: 'POST',
      path: '/{version}/{object-id}',
      params: ['IGMedia', 'IGComment'],
      answer: { kind: 'success' },
    },
    {
      // Conversations of the account (Instagram Login's own user node).
      id: 'user.conversations.list',
      method: 'GET',
      path: '/{version}/me/conversations',
      params: ['IGUserForIGOnlyAPI.conversations'],
      answer: { kind: 'list', nodes: ['UnifiedThread'] },
    },
    {
      // Messages of one conversation: the specs name the edge, not the message node.
      id: 'conversation.messages.list',
      method: 'GET',
      path: '/{version}/{conversation-id}/messages',
      params: ['UnifiedThread.messages'],
      paged: true,
      answer: { kind: 'object' },
    },
    {
      // Sending a message (Send API).
      id: 'user.messages.create',
      method: 'POST',
      path: '/{version}/me/messages',
      params: ['IGUserForIGOnlyAPI.messages'],
      answer: { kind: 'object' },
    },
  ],
};

const ops = OPERATIONS[args.platform];
if (!ops) throw new Error(`no Graph operations listed for ${args.platform}`);

const specs = new Map<string, Json>();
const spec = (node: string): Json => {
  let s = specs.get(node);
  if (!s) {
    s = JSON.parse(readFileSync(join(args.from!, `${node}.json`), 'utf8')) as Json;
    specs.set(node, s);
  }
  return s;
};
const enums = new Map(
  (
    JSON.parse(readFileSync(join(args.from, 'enum_types.json'), 'utf8')) as {
      name: string;
      values: string[];
    }[]
  ).map((e) => [e.name, e.values]),
);

/** A codegen type as JSON Schema (`list<x>`, scalars, enums; a node: any object). */
function typeSchema(type: string, forParam: boolean): Json {
  const list = /^list(?:<(.*)>)?$/.exec(type);
  if (list) return { type: 'array', items: list[1] ? typeSchema(list[1], forParam) : {} };
  switch (type) {
    case 'string':
    case 'file':
      return { type: 'string' };
    case 'int':
    case 'unsigned int':
      return { type: 'integer' };
    case 'float':
      return { type: 'number' };
    case 'bool':
      return { type: 'boolean' };
    // Graph writes times as ISO strings and takes unix seconds too.
    case 'datetime':
      return forParam ? { type: ['string', 'integer'] } : { type: 'string' };
    case 'map':
    case 'Object':
      return forParam ? {} : { type: ['object', 'array', 'string', 'number', 'boolean'] };
  }
  const values = enums.get(type);
  if (values) return { type: 'string', enum: values };
  // Enum names of node fields (`IGMedia_media_type`) are not all listed: a string.
  if (/_enum(_param)?$/.test(type) || /^[A-Za-z]+_[a-z_]+$/.test(type)) return { type: 'string' };
  // Another node, read through field expansion: its own fields are not checked here.
  return { type: 'object' };
}

const COMMON = { access_token: { type: 'string' }, appsecret_proof: { type: 'string' } };
const READ = { fields: { type: 'string' } };
const PAGING = {
  limit: { type: 'integer' },
  after: { type: 'string' },
  before: { type: 'string' },
  since: { type: ['string', 'integer'] },
  until: { type: ['string', 'integer'] },
};

function paramsOf(o: GraphOperation): Json {
  const properties: Json = { ...COMMON, ...(o.method === 'GET' ? READ : {}) };
  if (o.answer.kind === 'list' || o.paged) Object.assign(properties, PAGING);
  const required = new Set<string>();
  for (const ref of o.params) {
    const [node, edge] = ref.split('.');
    const api = ((spec(node!).apis as Json[]) ?? []).find(
      (a) => a.method === o.method && a.endpoint === edge,
    );
    if (!api) throw new Error(`${node} has no ${o.method} ${edge}`);
    for (const p of (api.params as Json[]) ?? []) {
      const name = p.name as string;
      const schema = typeSchema(p.type as string, true);
      // Edges sharing a path (a media's and a user's insights): either's values pass.
      properties[name] =
        name in properties && !(name in COMMON) && JSON.stringify(properties[name]) !== JSON.stringify(schema)
          ? { anyOf: [properties[name], schema] }
          : schema;
      // A parameter required by one of several edges sharing a path is not required by all.
      if (p.required && o.params.length === 1) required.add(p.name as string);
    }
  }
  return { type: 'object', properties, ...(required.size ? { required: [...required] } : {}) };
}

function nodeSchema(nodes: string[]): Json {
  const properties: Json = {};
  for (const n of nodes) {
    for (const f of spec(n).fields as Json[])
      properties[f.name as string] = typeSchema(f.type as string, false);
    // Graph's field expansion reads an edge like a field (`fields=replies{text}`
    // answers `replies: {data: [...]}`): a node's GET edges may appear, unchecked inside.
    for (const a of (spec(n).apis as Json[]) ?? [])
      if (a.method === 'GET' && typeof a.endpoint === 'string' && !(a.endpoint in properties))
        properties[a.endpoint] = { type: 'object' };
  }
  return { type: 'object', properties };
}

const GRAPH_ERROR = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['message', 'code'],
      properties: {
        message: { type: 'string' },
        type: { type: 'string' },
        code: { type: 'integer' },
        error_subcode: { type: 'integer' },
        error_user_title: { type: 'string' },
        error_user_msg: { type: 'string' },
        is_transient: { type: 'boolean' },
        fbtrace_id: { type: 'string' },
        error_data: {},
      },
    },
  },
};

const operations: Json = {};
const schemas: Json = { GraphError: GRAPH_ERROR };
for (const o of ops) {
  let answer: Json;
  if (o.answer.kind === 'success') answer = { type: 'object', properties: { success: { type: 'boolean' } } };
  else if (o.answer.kind === 'object') answer = { type: 'object', properties: {} };
  else {
    const key = o.answer.nodes.join('Or');
    schemas[key] ??= nodeSchema(o.answer.nodes);
    const ref = { $ref: `#/components/schemas/${key}` };
    answer =
      o.answer.kind === 'list'
        ? {
            type: 'object',
            properties: { data: { type: 'array', items: ref }, paging: { type: 'object' } },
            required: ['data'],
          }
        : ref;
  }
  operations[o.id] = {
    method: o.method,
    path: o.path,
    paramsAnywhere: true,
    query: paramsOf(o),
    responses: {
      200: { 'application/json': answer },
      '4XX': { 'application/json': { $ref: '#/components/schemas/GraphError' } },
      '5XX': { 'application/json': { $ref: '#/components/schemas/GraphError' } },
    },
  };
}

const out = new URL(`../src/simulator/contracts/${args.platform}.json`, import.meta.url);
let previous: Json = {};
try {
  previous = JSON.parse(readFileSync(out, 'utf8')) as Json;
} catch {
  // A first run.
}
const contract = {
  platform: args.platform,
  source: {
    description: `Graph API node specs (facebook-business-sdk-codegen, Graph ${args.version}), converted by scripts/contract-graph.ts`,
    repository: 'facebook/facebook-business-sdk-codegen',
    path: 'api_specs/specs/',
    revision: args.revision,
    version: args.version,
  },
  ...(previous.notes ? { notes: previous.notes } : {}),
  operations,
  ...(previous.outside ? { outside: previous.outside } : {}),
  ...(previous.undescribed ? { undescribed: previous.undescribed } : {}),
  components: { schemas },
};
writeFileSync(out, `${JSON.stringify(contract, null, 2)}\n`);
process.stdout.write(`${out.pathname}: ${Object.keys(operations).length} operations\n`);
