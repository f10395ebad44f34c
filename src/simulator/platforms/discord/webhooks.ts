/**
 * The webhook API (https://discord.com/developers/docs/resources/webhook): execute
 * (`POST /webhooks/{id}/{token}`, JSON or multipart with `payload_json` and
 * `files[n]`; `?wait=true` answers the message, else 204), read the webhook, and
 * get, edit and delete one of its messages (`?thread_id=` for a message in a thread).
 * A forum channel takes a message only with `thread_name`, which starts a thread whose
 * id is its first message's id. Refusals are Discord's: 50035 Invalid Form Body with
 * the field's errors, 50006 empty message, 220001 forum without a thread name, 10008
 * Unknown Message, 40005 (413) a file over the 10 MiB webhook upload limit. Those
 * are Discord's media rules (the platform module's media-rules.ts): it takes files
 * of any type, and states no limit on a file but its size and the count.
 */

import { DISCORD_MEDIA_RULES } from '../../../platforms/discord/media-rules.ts';
import { json, readMultipart, type SimRequest, type SimResponse } from '../../core/http.ts';
import { numericId } from '../../core/ids.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import type { SimPost } from '../../core/types.ts';
import { channelOf, webhookObject } from './oauth.ts';
import { discordError, SIM_GUILD_ID } from './platform.ts';

const CONTENT_MAX = 2000;
const EMBEDS_MAX = 10;
const FILES_MAX = DISCORD_MEDIA_RULES.attachmentsMax;
const FILE_MAX_BYTES = DISCORD_MEDIA_RULES.uploadMaxBytes;
const THREAD_NAME_MAX = 100;

type Payload = Record<string, unknown>;
interface Upload {
  filename: string;
  contentType: string;
  size: number;
}

async function payloadOf(req: SimRequest): Promise<{ payload: Payload; files: Upload[] } | SimResponse> {
  const ct = String(req.headers['content-type'] ?? '');
  if (!ct.startsWith('multipart/form-data'))
    return { payload: (req.body && typeof req.body === 'object' ? req.body : {}) as Payload, files: [] };
  const form = await readMultipart(req);
  let payload: Payload = {};
  const files: Upload[] = [];
  for (const [k, v] of form.entries()) {
    if (k === 'payload_json' && typeof v === 'string') {
      try {
        payload = JSON.parse(v) as Payload;
      } catch {
        return discordError(400, 50109, 'The request body contains invalid JSON.');
      }
    } else if (typeof v !== 'string' && /^files\[\d+\]$/.test(k))
      files.push({ filename: (v as File).name, contentType: v.type, size: v.size });
  }
  return { payload, files };
}

const formError = (field: string, code: string, message: string) =>
  discordError(400, 50035, 'Invalid Form Body', { [field]: { _errors: [{ code, message }] } });

function problemOf(p: Payload, files: Upload[], editing: boolean): SimResponse | undefined {
  const content = p.content;
  if (typeof content === 'string' && [...content].length > CONTENT_MAX)
    return formError('content', 'BASE_TYPE_MAX_LENGTH', `Must be ${CONTENT_MAX} or fewer in length.`);
  const embeds = Array.isArray(p.embeds) ? p.embeds : [];
  if (embeds.length > EMBEDS_MAX)
    return formError('embeds', 'BASE_TYPE_MAX_LENGTH', `Must be ${EMBEDS_MAX} or fewer in length.`);
  if (files.length > FILES_MAX)
    return formError('files', 'BASE_TYPE_MAX_LENGTH', `Must be ${FILES_MAX} or fewer in length.`);
  if (files.some((f) => f.size > FILE_MAX_BYTES)) return discordError(413, 40005, 'Request entity too large');
  if (!editing && (typeof content !== 'string' || content.trim() === '') && !embeds.length && !files.length)
    return discordError(400, 50006, 'Cannot send an empty message');
  return undefined;
}

/** A message as Discord answers it (MessageResponse), posted by the webhook. */
function messageOf(sim: Simulator, post: SimPost) {
  const d = post.data;
  const webhook = webhookObject(sim, post.accountId);
  return {
    type: 0,
    content: typeof d.content === 'string' ? d.content : '',
    mentions: [],
    mention_roles: [],
    attachments: ((d.attachments ?? []) as Upload[]).map((f, i) => ({
      id: `${post.id.slice(0, -2)}${String(i).padStart(2, '0')}`,
      filename: f.filename,
      size: f.size,
      url: `https://cdn.discordapp.com/attachments/${d.channelId}/${post.id}/${encodeURIComponent(f.filename)}`,
      proxy_url: `https://media.discordapp.net/attachments/${d.channelId}/${post.id}/${encodeURIComponent(f.filename)}`,
      ...(f.contentType ? { content_type: f.contentType } : {}),
    })),
    embeds: ((d.embeds ?? []) as Record<string, unknown>[]).map(embedOf),
    timestamp: post.createdAt,
    edited_timestamp: typeof d.editedAt === 'string' ? d.editedAt : null,
    flags: typeof d.flags === 'number' ? d.flags : 0,
    components: [],
    id: post.id,
    channel_id: String(d.channelId),
    author: {
      id: webhook.id,
      username: webhook.name,
      avatar: null,
      discriminator: '0000',
      public_flags: 0,
      flags: 0,
      bot: true,
      global_name: null,
      primary_guild: null,
    },
    pinned: false,
    mention_everyone: false,
    tts: d.tts === true,
    webhook_id: webhook.id,
  };
}

/** A rich embed as Discord answers it: the fields it was sent with, `type: "rich"`. */
function embedOf(e: Record<string, unknown>) {
  const out: Record<string, unknown> = { type: 'rich' };
  for (const k of ['title', 'description', 'url', 'color', 'timestamp'] as const)
    if (e[k] !== undefined && e[k] !== null) out[k] = e[k];
  for (const k of ['image', 'thumbnail'] as const) {
    const url = (e[k] as { url?: unknown } | undefined)?.url;
    if (typeof url === 'string') out[k] = { url, proxy_url: url };
  }
  const footer = e.footer as { text?: unknown } | undefined;
  if (typeof footer?.text === 'string') out.footer = { text: footer.text };
  const author = e.author as { name?: unknown; url?: unknown } | undefined;
  if (typeof author?.name === 'string')
    out.author = { name: author.name, ...(typeof author.url === 'string' ? { url: author.url } : {}) };
  if (Array.isArray(e.fields))
    out.fields = (e.fields as { name: string; value: string; inline?: boolean }[]).map((f) => ({
      name: f.name,
      value: f.value,
      inline: f.inline === true,
    }));
  return out;
}

export const register = (r: SimRouter, sim: Simulator): void => {
  /** The webhook named in the path, when the path's token is one of its tokens. */
  const webhookOf = (req: SimRequest): string | SimResponse => {
    const id = req.params.id!;
    if (req.auth!.account.id !== id) return discordError(401, 50027, 'Invalid Webhook Token');
    return id;
  };
  /** A message of this webhook, in the thread the query names (a thread's messages need it). */
  const messageIn = (req: SimRequest, webhookId: string): SimPost | SimResponse => {
    const post = sim.state.getPost('discord', req.params.message!);
    const unknown = discordError(404, 10008, 'Unknown Message');
    if (!post || post.deleted || post.accountId !== webhookId) return unknown;
    const threadId = req.query.thread_id;
    if (post.data.threadName !== undefined ? threadId !== post.data.channelId : threadId !== undefined)
      return unknown;
    return post;
  };
  const isResponse = (v: unknown): v is SimResponse => typeof (v as SimResponse).status === 'number';

  r.get(
    '/api/v10/webhooks/:id/:token',
    (req) => {
      const id = webhookOf(req);
      if (typeof id !== 'string') return id;
      return json(200, webhookObject(sim, id, req.params.token));
    },
    { auth: true },
  );

  r.post(
    '/api/v10/webhooks/:id/:token',
    async (req) => {
      const id = webhookOf(req);
      if (typeof id !== 'string') return id;
      const read = await payloadOf(req);
      if (isResponse(read)) return read;
      const { payload: p, files } = read;
      const problem = problemOf(p, files, false);
      if (problem) return problem;
      const channel = channelOf(id);
      const threadName = typeof p.thread_name === 'string' ? p.thread_name : undefined;
      if (channel.forum && threadName === undefined)
        return discordError(
          400,
          220001,
          'Webhooks posted to forum channels must have a thread_name or thread_id',
        );
      if (!channel.forum && threadName !== undefined)
        return discordError(400, 220003, 'Webhooks can only create threads in forum channels');
      if (threadName !== undefined && (threadName.trim() === '' || threadName.length > THREAD_NAME_MAX))
        return formError('thread_name', 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
      const messageId = numericId(19);
      const post = sim.state.createPost(
        'discord',
        id,
        {
          guildId: SIM_GUILD_ID,
          // A forum post is a thread whose id is its starter message's id.
          channelId: threadName !== undefined ? messageId : channel.channelId,
          ...(typeof p.content === 'string' ? { content: p.content } : {}),
          ...(Array.isArray(p.embeds) ? { embeds: p.embeds } : {}),
          ...(files.length ? { attachments: files } : {}),
          ...(threadName !== undefined ? { threadName } : {}),
          ...(typeof p.flags === 'number' ? { flags: p.flags } : {}),
          ...(typeof p.username === 'string' ? { username: p.username } : {}),
          tts: p.tts === true,
        },
        { id: messageId, kind: 'message' },
      );
      if (req.query.wait !== 'true') return { status: 204, body: '' };
      return json(200, messageOf(sim, post));
    },
    { auth: true },
  );

  r.get(
    '/api/v10/webhooks/:id/:token/messages/:message',
    (req) => {
      const id = webhookOf(req);
      if (typeof id !== 'string') return id;
      const post = messageIn(req, id);
      return isResponse(post) ? post : json(200, messageOf(sim, post));
    },
    { auth: true },
  );

  r.patch(
    '/api/v10/webhooks/:id/:token/messages/:message',
    async (req) => {
      const id = webhookOf(req);
      if (typeof id !== 'string') return id;
      const post = messageIn(req, id);
      if (isResponse(post)) return post;
      const read = await payloadOf(req);
      if (isResponse(read)) return read;
      const problem = problemOf(read.payload, read.files, true);
      if (problem) return problem;
      const p = read.payload;
      post.data = {
        ...post.data,
        ...(p.content !== undefined ? { content: p.content ?? '' } : {}),
        ...(p.embeds !== undefined ? { embeds: p.embeds ?? [] } : {}),
        editedAt: new Date(sim.clock.now()).toISOString(),
      };
      return json(200, messageOf(sim, post));
    },
    { auth: true },
  );

  r.delete(
    '/api/v10/webhooks/:id/:token/messages/:message',
    (req) => {
      const id = webhookOf(req);
      if (typeof id !== 'string') return id;
      const post = messageIn(req, id);
      if (isResponse(post)) return post;
      sim.state.deletePost('discord', post.id);
      return { status: 204, body: '' };
    },
    { auth: true },
  );
};
