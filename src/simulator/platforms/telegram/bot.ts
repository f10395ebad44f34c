/**
 * Bot API methods the service calls: getMe, getChat, getChatMember, sendMessage,
 * sendPhoto, sendVideo, sendAnimation, sendDocument, sendMediaGroup, editMessageText,
 * editMessageCaption, deleteMessages. Parameters come as JSON or multipart (files as
 * parts, an album's items naming them `attach://<part>`). Refusals use Telegram's own
 * descriptions: "Bad Request: chat not found", "message is too long", "message
 * caption is too long", "need administrator rights in the channel chat", "message
 * to edit not found", "message is not modified", "message can't be deleted" (older
 * than 48 hours). Each sent message is one post, its id the message id.
 * Photos and videos are held to Telegram's media rules (the platform module's
 * media-rules.ts, from https://core.telegram.org/bots/api#sendphoto and #sendvideo):
 * a photo that is not a JPEG, PNG or WebP image is refused "Bad Request:
 * IMAGE_PROCESS_FAILED", one whose width and height together pass 10000 or whose
 * sides differ more than 20 times "Bad Request: PHOTO_INVALID_DIMENSIONS" (the
 * descriptions the Bot API gives, e.g. go-telegram-bot-api/telegram-bot-api#600);
 * a video that is not MPEG-4 is not played as a video but sent as a document, as
 * the sendVideo page says ("other formats may be sent as Document").
 */
import { telegramMediaRules } from '../../../platforms/telegram/media-rules.ts';
import { readMultipart, type SimRequest } from '../../core/http.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import type { SimPost } from '../../core/types.ts';
import { imageBreachesOf, videoBreachesOf } from '../_shared/media-rules.ts';
import { chatObject, findChat, memberObject, type SimChat } from './chats.ts';
import { botError, botOk } from './platform.ts';

const TEXT_MAX = 4096;
const CAPTION_MAX = 1024;
const PHOTO_MAX = 10 * 1024 * 1024;
const FILE_MAX = 50 * 1024 * 1024;
const DELETE_WINDOW_MS = 48 * 3600 * 1000;

type Params = Record<string, unknown>;
interface Upload {
  name: string;
  type: string;
  size: number;
  /** The file's bytes, while within what a bot may send (for the media rules). */
  bytes?: Buffer;
}

const JSON_FIELDS = new Set(['media', 'link_preview_options', 'message_ids', 'reply_parameters']);

async function paramsOf(req: SimRequest): Promise<{ params: Params; files: Map<string, Upload> }> {
  const files = new Map<string, Upload>();
  const ct = String(req.headers['content-type'] ?? '');
  if (!ct.startsWith('multipart/form-data'))
    return { params: (req.body && typeof req.body === 'object' ? req.body : {}) as Params, files };
  const form = await readMultipart(req);
  const params: Params = {};
  for (const [k, v] of form.entries()) {
    if (typeof v === 'string') params[k] = JSON_FIELDS.has(k) ? safeJson(v) : v;
    else
      files.set(k, {
        name: (v as File).name,
        type: v.type,
        size: v.size,
        ...(v.size <= FILE_MAX ? { bytes: Buffer.from(await v.arrayBuffer()) } : {}),
      });
  }
  return { params, files };
}

function safeJson(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

const bool = (v: unknown) => v === true || v === 'true';
/** What is kept of a file with its message: its name, type and size, not its bytes. */
const withoutBytes = (f: Upload | undefined): Upload | undefined =>
  f ? { name: f.name, type: f.type, size: f.size } : undefined;

export const register = (r: SimRouter, sim: Simulator): void => {
  const botId = (req: SimRequest) => req.auth!.account.id;
  const me = (req: SimRequest) => req.auth!.account;
  const chatOr = (req: SimRequest, p: Params): SimChat | ReturnType<typeof botError> => {
    const chat = findChat(sim, p.chat_id);
    if (!chat?.members[botId(req)] || ['left', 'kicked'].includes(chat.members[botId(req)]!.status))
      return botError(400, 'Bad Request: chat not found');
    return chat;
  };
  const isChat = (v: unknown): v is SimChat => typeof (v as SimChat).members === 'object';
  const mayPost = (req: SimRequest, chat: SimChat) => {
    const m = chat.members[botId(req)]!;
    if (chat.type === 'channel')
      return m.status === 'creator' || (m.status === 'administrator' && m.can_post_messages === true);
    return m.status !== 'restricted' || m.can_send_messages === true;
  };
  const messageOf = (chat: SimChat, post: SimPost) => ({
    message_id: Number(post.id),
    ...(chat.type === 'channel' ? { sender_chat: chatObject(chat) } : {}),
    date: Math.floor(Date.parse(post.createdAt) / 1000),
    chat: chatObject(chat),
    ...(post.data.text !== undefined ? { text: post.data.text } : {}),
    ...(post.data.caption !== undefined ? { caption: post.data.caption } : {}),
    ...(post.data.mediaGroupId ? { media_group_id: post.data.mediaGroupId } : {}),
    ...mediaFields(post.data.media as { kind: string; file: Upload } | undefined),
    ...(post.data.editDate ? { edit_date: post.data.editDate } : {}),
  });
  const mediaFields = (m: { kind: string; file: Upload } | undefined) => {
    if (!m) return {};
    const fileId = `sim-file-${m.file.size}-${m.file.name}`;
    const base = { file_id: fileId, file_unique_id: fileId.slice(0, 24), file_size: m.file.size };
    if (m.kind === 'photo') return { photo: [{ ...base, width: 200, height: 100 }] };
    if (m.kind === 'video')
      return { video: { ...base, width: 320, height: 240, duration: 1, mime_type: m.file.type } };
    if (m.kind === 'animation') return { animation: { ...base, width: 200, height: 100, duration: 1 } };
    return { document: { ...base, file_name: m.file.name, mime_type: m.file.type } };
  };
  const store = (req: SimRequest, chat: SimChat, data: Record<string, unknown>) => {
    // Message ids are Telegram's per chat; here one counter serves every chat, so an
    // id alone names the post (a valid subset of what Telegram gives).
    const counter = sim.state.collection<number>('telegram', 'counter');
    const id = (counter.get('message') ?? 0) + 1;
    counter.set('message', id);
    chat.lastMessageId = id;
    return sim.state.createPost(
      'telegram',
      botId(req),
      { chatId: chat.id, ...data },
      {
        id: String(id),
        kind: 'message',
      },
    );
  };
  const textProblem = (text: unknown, caption: boolean) => {
    if (typeof text !== 'string') return caption ? undefined : 'Bad Request: message text is empty';
    if (!caption && text.trim() === '') return 'Bad Request: message text is empty';
    if (text.length > (caption ? CAPTION_MAX : TEXT_MAX))
      return caption ? 'Bad Request: message caption is too long' : 'Bad Request: message is too long';
    return undefined;
  };
  const fileProblem = (kind: string, f: Upload | undefined) => {
    if (!f) return 'Bad Request: there is no file in the request';
    if (f.size > (kind === 'photo' ? PHOTO_MAX : FILE_MAX)) return 'Request Entity Too Large';
    return undefined;
  };
  /** Telegram's refusal of a photo that breaks its photo rules, in the Bot API's words. */
  const photoProblem = async (kind: string, f: Upload | undefined) => {
    const format = telegramMediaRules.formats.photo;
    if (kind !== 'photo' || !f?.bytes || !format) return undefined;
    const breaches = await imageBreachesOf(f.bytes, format);
    if (breaches.some((b) => b.rule === 'format')) return 'Bad Request: IMAGE_PROCESS_FAILED';
    if (breaches.some((b) => b.rule === 'width' || b.rule === 'aspect'))
      return 'Bad Request: PHOTO_INVALID_DIMENSIONS';
    return undefined;
  };
  /** A video Telegram does not play (not MPEG-4) goes out as a document. */
  const sentAs = async (kind: string, f: Upload | undefined): Promise<string> => {
    const format = telegramMediaRules.formats.video;
    if (kind !== 'video' || !f?.bytes || !format) return kind;
    const breaches = await videoBreachesOf(f.bytes, format);
    return breaches.some((b) => b.rule === 'container') ? 'document' : kind;
  };

  const method = (
    name: string,
    handler: (req: SimRequest, p: Params, files: Map<string, Upload>) => unknown,
  ) =>
    r.post(
      `/:bot/${name}`,
      async (req) => {
        const { params, files } = await paramsOf(req);
        return handler(req, params, files) as ReturnType<typeof botOk>;
      },
      { auth: true },
    );

  method('getMe', (req) =>
    botOk({
      id: Number(me(req).id),
      is_bot: true,
      first_name: me(req).name,
      username: me(req).username,
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
    }),
  );
  method('getChat', (req, p) => {
    const chat = chatOr(req, p);
    if (!isChat(chat)) return chat;
    return botOk({
      ...chatObject(chat),
      accent_color_id: 0,
      max_reaction_count: 11,
      accepted_gift_types: {
        unlimited_gifts: false,
        limited_gifts: false,
        unique_gifts: false,
        premium_subscription: false,
        gifts_from_channels: false,
      },
    });
  });
  method('getChatMember', (req, p) => {
    const chat = chatOr(req, p);
    if (!isChat(chat)) return chat;
    const member = chat.members[String(p.user_id)];
    if (!member) return botError(400, 'Bad Request: user not found');
    const user = sim.state.account('telegram', String(p.user_id));
    return botOk(
      memberObject(member, {
        id: Number(p.user_id),
        is_bot: true,
        first_name: user?.name ?? 'bot',
        ...(user?.username ? { username: user.username } : {}),
      }),
    );
  });
  const sending = (req: SimRequest, p: Params) => {
    const chat = chatOr(req, p);
    if (!isChat(chat)) return chat;
    if (!mayPost(req, chat))
      return botError(
        400,
        chat.type === 'channel'
          ? 'Bad Request: need administrator rights in the channel chat'
          : 'Forbidden: not enough rights to send text messages to the chat',
      );
    return chat;
  };
  method('sendMessage', (req, p) => {
    const chat = sending(req, p);
    if (!isChat(chat)) return chat;
    const problem = textProblem(p.text, false);
    if (problem) return botError(400, problem);
    return botOk(
      messageOf(
        chat,
        store(req, chat, {
          text: p.text,
          silent: bool(p.disable_notification),
          protected: bool(p.protect_content),
        }),
      ),
    );
  });
  for (const [name, kind] of [
    ['sendPhoto', 'photo'],
    ['sendVideo', 'video'],
    ['sendAnimation', 'animation'],
    ['sendDocument', 'document'],
  ] as const)
    method(name, async (req, p, files) => {
      const chat = sending(req, p);
      if (!isChat(chat)) return chat;
      const file = files.get(kind);
      const problem =
        textProblem(p.caption, true) ?? fileProblem(kind, file) ?? (await photoProblem(kind, file));
      if (problem) return botError(problem.startsWith('Request') ? 413 : 400, problem);
      const data = {
        ...(p.caption !== undefined ? { caption: p.caption } : {}),
        media: { kind: await sentAs(kind, file), file: withoutBytes(file) },
      };
      return botOk(messageOf(chat, store(req, chat, data)));
    });
  method('sendMediaGroup', async (req, p, files) => {
    const chat = sending(req, p);
    if (!isChat(chat)) return chat;
    const media = Array.isArray(p.media)
      ? (p.media as { type?: string; media?: string; caption?: unknown }[])
      : [];
    if (media.length < 2 || media.length > 10)
      return botError(400, 'Bad Request: wrong number of media in the album');
    const docs = media.filter((m) => m.type === 'document').length;
    if (docs > 0 && docs < media.length)
      return botError(400, "Bad Request: document can't be mixed with other media types");
    const uploads: Upload[] = [];
    for (const m of media) {
      const part =
        typeof m.media === 'string' && m.media.startsWith('attach://')
          ? files.get(m.media.slice(9))
          : undefined;
      const problem =
        textProblem(m.caption, true) ??
        fileProblem(String(m.type), part) ??
        (await photoProblem(String(m.type), part));
      if (problem) return botError(400, problem);
      uploads.push(part!);
    }
    const kinds = await Promise.all(media.map((m, i) => sentAs(String(m.type), uploads[i])));
    const group = String(Date.now()) + String(chat.lastMessageId);
    const sent = media.map((m, i) =>
      messageOf(
        chat,
        store(req, chat, {
          ...(m.caption !== undefined ? { caption: m.caption } : {}),
          mediaGroupId: group,
          media: { kind: kinds[i], file: withoutBytes(uploads[i]) },
        }),
      ),
    );
    return botOk(sent);
  });
  const editing = (req: SimRequest, p: Params, field: 'text' | 'caption') => {
    const chat = chatOr(req, p);
    if (!isChat(chat)) return chat;
    const post = sim.state.getPost('telegram', String(Number(p.message_id)));
    if (!post || post.deleted || post.data.chatId !== chat.id)
      return botError(400, 'Bad Request: message to edit not found');
    if (field === 'text' && post.data.text === undefined)
      return botError(400, 'Bad Request: there is no text in the message to edit');
    if (field === 'caption' && post.data.media === undefined)
      return botError(400, 'Bad Request: there is no caption in the message to edit');
    const problem = textProblem(p[field], field === 'caption');
    if (problem) return botError(400, problem);
    if (post.data[field] === p[field])
      return botError(
        400,
        'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
      );
    post.data = { ...post.data, [field]: p[field], editDate: Math.floor(sim.clock.now() / 1000) };
    return botOk(messageOf(chat, post));
  };
  method('editMessageText', (req, p) => editing(req, p, 'text'));
  method('editMessageCaption', (req, p) => editing(req, p, 'caption'));
  method('deleteMessages', (req, p) => {
    const chat = chatOr(req, p);
    if (!isChat(chat)) return chat;
    const ids = Array.isArray(p.message_ids) ? p.message_ids : [];
    if (ids.length < 1 || ids.length > 100)
      return botError(400, 'Bad Request: message identifiers are not specified');
    const found = ids
      .map((id) => sim.state.getPost('telegram', String(Number(id))))
      .filter((m): m is SimPost => m !== undefined && !m.deleted && m.data.chatId === chat.id);
    if (found.some((m) => sim.clock.now() - Date.parse(m.createdAt) > DELETE_WINDOW_MS))
      return botError(400, "Bad Request: message can't be deleted");
    for (const m of found) sim.state.deletePost('telegram', m.id);
    return botOk(true);
  });
};
