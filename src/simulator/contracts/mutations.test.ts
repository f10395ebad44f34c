/**
 * The contract check on its own catches the mistakes a shared belief would ship:
 * a realistic request (what our adapters send) and a realistic answer (what the
 * platform documents) are first shown to meet the description, then broken one
 * mistake at a time (a renamed field, a wrong enum value, a missing required field
 * or header, a wrong type), and each broken one must be reported by the checker
 * itself. No simulator runs here: what the simulator would make of the request
 * (refuse it, or take it) plays no part, so a simulator sharing the mistake can
 * not hide it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SimRequest, SimResponse } from '../core/http.ts';
import { ContractChecker, loadContracts } from './check.ts';

const checker = new ContractChecker(loadContracts());

interface Req {
  method: string;
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** JSON body, or a form (`form`). */
  json?: unknown;
  form?: Record<string, string>;
}

const toSim = (platform: string, r: Req): SimRequest => {
  const searchParams = new URLSearchParams(r.query ?? {});
  const raw =
    r.json !== undefined
      ? Buffer.from(JSON.stringify(r.json))
      : r.form
        ? Buffer.from(new URLSearchParams(r.form).toString())
        : Buffer.alloc(0);
  const type =
    r.json !== undefined ? 'application/json' : r.form ? 'application/x-www-form-urlencoded' : undefined;
  return {
    method: r.method,
    path: r.path,
    fullPath: `/${platform}${r.path}`,
    platform,
    query: Object.fromEntries(searchParams),
    searchParams,
    headers: { authorization: 'Bearer t', ...(type ? { 'content-type': type } : {}), ...(r.headers ?? {}) },
    body: r.json ?? r.form,
    rawBody: raw,
    params: {},
  } as SimRequest;
};

/** A deep copy changed by `edit` (so each mistake starts from the clean request). */
const mutate = <T>(v: T, edit: (copy: T) => void): T => {
  const copy = structuredClone(v);
  edit(copy);
  return copy;
};

interface RequestCase {
  platform: string;
  operation: string;
  good: Req;
  mistakes: { what: string; req: Req; says: RegExp }[];
}

const LI = { 'linkedin-version': '202605', 'x-restli-protocol-version': '2.0.0' };
const xPost = { text: 'hello', reply: { in_reply_to_tweet_id: '1460323737035677698' } };
const pin = {
  board_id: '549755885175',
  title: 'A pin',
  alt_text: 'a lake',
  media_source: { source_type: 'image_url', url: 'https://cdn.example/a.jpg' },
};
const liPost = {
  author: 'urn:li:person:abc',
  commentary: 'hello',
  visibility: 'PUBLIC',
  distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
  lifecycleState: 'PUBLISHED',
};
const tiktokInit = {
  post_info: { title: 'a video', privacy_level: 'SELF_ONLY', disable_comment: false },
  source_info: { source: 'FILE_UPLOAD', video_size: 1000, chunk_size: 1000, total_chunk_count: 1 },
};
const ytVideo = { snippet: { title: 'A video', description: 'd' }, status: { privacyStatus: 'private' } };
const bskyRecord = {
  repo: 'did:plc:ewvi7nxzyoun6zhxrhs64oiz',
  collection: 'app.bsky.feed.post',
  record: { $type: 'app.bsky.feed.post', text: 'hello', createdAt: '2026-12-02T04:00:00.000Z' },
};
const gbpPost = {
  languageCode: 'en',
  summary: 'Open late on Friday',
  topicType: 'STANDARD',
  media: [{ mediaFormat: 'PHOTO', sourceUrl: 'https://cdn.example/a.jpg' }],
};
const GBP_PATH = '/v4/accounts/1/locations/2/localPosts';
const TG_PATH = '/bot123456:ABCdef/sendMessage';
const tgMessage = { chat_id: '@sim_channel', text: 'hello', parse_mode: 'HTML', disable_notification: true };
const DISCORD_PATH = '/api/v10/webhooks/1310000000000000001/webhook-token';
const redditSubmit = { api_type: 'json', kind: 'self', sr: 'sandbox', title: 'A title', text: 'hello' };
const withoutField = (form: Record<string, string>, name: string) =>
  Object.fromEntries(Object.entries(form).filter(([k]) => k !== name));
const toot = { status: 'hello', visibility: 'public', sensitive: false };

const requestCases: RequestCase[] = [
  {
    platform: 'twitter',
    operation: 'createPosts',
    good: { method: 'POST', path: '/2/tweets', json: xPost },
    mistakes: [
      {
        what: 'a renamed field (v1.1 `status` for `text`)',
        req: { method: 'POST', path: '/2/tweets', json: { status: 'hello' } },
        says: /field "status" is not in the description/,
      },
      {
        what: 'a reply id sent as a number',
        req: {
          method: 'POST',
          path: '/2/tweets',
          json: mutate(xPost, (p) => {
            (p.reply as Record<string, unknown>).in_reply_to_tweet_id = 1460323737035677;
          }),
        },
        says: /in_reply_to_tweet_id: must be string/,
      },
      {
        what: 'a reply setting X does not have',
        req: { method: 'POST', path: '/2/tweets', json: { text: 'hi', reply_settings: 'everyone' } },
        says: /reply_settings: must be one of/,
      },
    ],
  },
  {
    platform: 'twitter',
    operation: 'oauth2.token',
    good: {
      method: 'POST',
      path: '/2/oauth2/token',
      form: { grant_type: 'refresh_token', refresh_token: 'r', client_id: 'c' },
    },
    mistakes: [
      {
        what: 'a refresh without its refresh token',
        req: {
          method: 'POST',
          path: '/2/oauth2/token',
          form: { grant_type: 'refresh_token', client_id: 'c' },
        },
        says: /must have required property 'refresh_token'/,
      },
      {
        what: 'a grant type the token endpoint does not take',
        req: { method: 'POST', path: '/2/oauth2/token', form: { grant_type: 'password', client_id: 'c' } },
        says: /grant_type: must be one of/,
      },
    ],
  },
  {
    platform: 'pinterest',
    operation: 'pins/create',
    good: { method: 'POST', path: '/v5/pins', json: pin },
    mistakes: [
      {
        what: 'alt text under a made-up name',
        req: {
          method: 'POST',
          path: '/v5/pins',
          json: mutate(pin, (p) => {
            const { alt_text, ...rest } = p;
            Object.assign(p, { alt: alt_text });
            delete (p as Partial<typeof pin>).alt_text;
            void rest;
          }),
        },
        says: /field "alt" is not in the description/,
      },
      {
        what: 'a board id that is not numeric text',
        req: { method: 'POST', path: '/v5/pins', json: { ...pin, board_id: 549755885175 } },
        says: /board_id: must be string/,
      },
    ],
  },
  {
    platform: 'linkedin',
    operation: 'posts.create',
    good: { method: 'POST', path: '/rest/posts', headers: LI, json: liPost },
    mistakes: [
      {
        what: 'a call without LinkedIn-Version',
        req: {
          method: 'POST',
          path: '/rest/posts',
          headers: { 'x-restli-protocol-version': '2.0.0' },
          json: liPost,
        },
        says: /must have required property 'linkedin-version'/,
      },
      {
        what: 'a lifecycle state LinkedIn does not have',
        req: {
          method: 'POST',
          path: '/rest/posts',
          headers: LI,
          json: { ...liPost, lifecycleState: 'LIVE' },
        },
        says: /lifecycleState: must be one of/,
      },
      {
        what: 'a post without its distribution',
        req: {
          method: 'POST',
          path: '/rest/posts',
          headers: LI,
          json: mutate(liPost, (p) => {
            delete (p as Partial<typeof liPost>).distribution;
          }),
        },
        says: /must have required property 'distribution'/,
      },
    ],
  },
  {
    platform: 'linkedin',
    operation: 'comments.create',
    good: {
      method: 'POST',
      path: '/rest/socialActions/urn%3Ali%3Ashare%3A1/comments',
      headers: LI,
      json: { actor: 'urn:li:person:abc', object: 'urn:li:share:1', message: { text: 'first' } },
    },
    mistakes: [
      {
        what: 'a comment whose text is not under message',
        req: {
          method: 'POST',
          path: '/rest/socialActions/urn%3Ali%3Ashare%3A1/comments',
          headers: LI,
          json: { actor: 'urn:li:person:abc', object: 'urn:li:share:1', text: 'first' },
        },
        says: /must have required property 'message'|field "text" is not in the description/,
      },
    ],
  },
  {
    platform: 'tiktok',
    operation: 'video.init',
    good: { method: 'POST', path: '/v2/post/publish/video/init/', json: tiktokInit },
    mistakes: [
      {
        what: 'a privacy level TikTok does not list',
        req: {
          method: 'POST',
          path: '/v2/post/publish/video/init/',
          json: mutate(tiktokInit, (p) => {
            p.post_info.privacy_level = 'PUBLIC';
          }),
        },
        says: /privacy_level: must be one of/,
      },
      {
        what: 'a file upload without its chunk count',
        req: {
          method: 'POST',
          path: '/v2/post/publish/video/init/',
          json: mutate(tiktokInit, (p) => {
            delete (p.source_info as Partial<typeof p.source_info>).total_chunk_count;
          }),
        },
        says: /must have required property 'total_chunk_count'/,
      },
      {
        what: 'a direct post without its privacy level',
        req: {
          method: 'POST',
          path: '/v2/post/publish/video/init/',
          json: mutate(tiktokInit, (p) => {
            delete (p.post_info as Partial<typeof p.post_info>).privacy_level;
          }),
        },
        says: /must have required property 'privacy_level'/,
      },
    ],
  },
  {
    platform: 'youtube',
    operation: 'youtube.videos.insert',
    good: {
      method: 'POST',
      path: '/upload/youtube/v3/videos',
      query: { part: 'snippet,status', uploadType: 'resumable' },
      json: ytVideo,
    },
    mistakes: [
      {
        what: 'an upload without the required part',
        req: {
          method: 'POST',
          path: '/upload/youtube/v3/videos',
          query: { uploadType: 'resumable' },
          json: ytVideo,
        },
        says: /must have required property 'part'/,
      },
      {
        what: 'a privacy status YouTube does not have',
        req: {
          method: 'POST',
          path: '/upload/youtube/v3/videos',
          query: { part: 'snippet,status', uploadType: 'resumable' },
          json: mutate(ytVideo, (v) => {
            v.status.privacyStatus = 'hidden';
          }),
        },
        says: /privacyStatus: must be one of/,
      },
    ],
  },
  {
    platform: 'bluesky',
    operation: 'com.atproto.repo.createRecord',
    good: { method: 'POST', path: '/xrpc/com.atproto.repo.createRecord', json: bskyRecord },
    mistakes: [
      {
        what: 'a post without its creation time',
        req: {
          method: 'POST',
          path: '/xrpc/com.atproto.repo.createRecord',
          json: mutate(bskyRecord, (b) => {
            delete (b.record as Partial<typeof b.record>).createdAt;
          }),
        },
        says: /must have required property 'createdAt'/,
      },
      {
        what: 'a creation time that is not a datetime',
        req: {
          method: 'POST',
          path: '/xrpc/com.atproto.repo.createRecord',
          json: mutate(bskyRecord, (b) => {
            b.record.createdAt = 'yesterday';
          }),
        },
        says: /createdAt: must match format/,
      },
      {
        what: 'a record without the repo it goes to',
        req: {
          method: 'POST',
          path: '/xrpc/com.atproto.repo.createRecord',
          json: mutate(bskyRecord, (b) => {
            delete (b as Partial<typeof b>).repo;
          }),
        },
        says: /must have required property 'repo'/,
      },
    ],
  },
  {
    platform: 'facebook',
    operation: 'page.feed.create',
    good: { method: 'POST', path: '/v25.0/1/feed', form: { message: 'hello', published: 'true' } },
    mistakes: [
      {
        what: 'the text under a made-up name',
        req: { method: 'POST', path: '/v25.0/1/feed', form: { text: 'hello' } },
        says: /field "text" is not in the description/,
      },
      {
        what: 'published as something other than a boolean',
        req: { method: 'POST', path: '/v25.0/1/feed', form: { message: 'hello', published: 'yes' } },
        says: /published: must be boolean/,
      },
    ],
  },
  {
    platform: 'instagram',
    operation: 'user.media.create',
    good: {
      method: 'POST',
      path: '/v25.0/17841400000000001/media',
      form: { media_type: 'REELS', video_url: 'https://cdn.example/a.mp4', caption: 'hi' },
    },
    mistakes: [
      {
        what: 'a media type the page does not list',
        req: {
          method: 'POST',
          path: '/v25.0/17841400000000001/media',
          form: { media_type: 'PHOTO', image_url: 'https://cdn.example/a.jpg' },
        },
        says: /media_type: must be one of/,
      },
    ],
  },
  {
    platform: 'instagram',
    operation: 'user.messages.create',
    good: {
      method: 'POST',
      path: '/v25.0/me/messages',
      json: { recipient: { id: '1' }, message: { text: 'hi' } },
    },
    mistakes: [
      {
        what: 'a message without its recipient',
        req: { method: 'POST', path: '/v25.0/me/messages', json: { message: { text: 'hi' } } },
        says: /must have required property 'recipient'/,
      },
      {
        what: 'a recipient given as a bare id',
        req: {
          method: 'POST',
          path: '/v25.0/me/messages',
          json: { recipient: '1', message: { text: 'hi' } },
        },
        says: /recipient: must be object/,
      },
    ],
  },
  {
    platform: 'threads',
    operation: 'reply.manage',
    good: { method: 'POST', path: '/v1.0/1/manage_reply', form: { hide: 'true' } },
    mistakes: [
      {
        what: 'hide as something other than a boolean',
        req: { method: 'POST', path: '/v1.0/1/manage_reply', form: { hide: 'yes' } },
        says: /hide: must be boolean/,
      },
      {
        what: 'a hide call without hide',
        req: { method: 'POST', path: '/v1.0/1/manage_reply', form: { hidden: 'true' } },
        says: /must have required property 'hide'|field "hidden" is not in the description/,
      },
    ],
  },
  {
    platform: 'threads',
    operation: 'oauth.longLivedToken',
    good: {
      method: 'GET',
      path: '/access_token',
      query: { grant_type: 'th_exchange_token', client_secret: 's', access_token: 't' },
    },
    mistakes: [
      {
        what: "Instagram's grant type sent to Threads",
        req: {
          method: 'GET',
          path: '/access_token',
          query: { grant_type: 'ig_exchange_token', client_secret: 's', access_token: 't' },
        },
        says: /grant_type: must be one of/,
      },
    ],
  },
  {
    platform: 'googlebusiness',
    operation: 'localPosts.create',
    good: { method: 'POST', path: GBP_PATH, json: gbpPost },
    mistakes: [
      {
        what: 'a topic type Google does not have',
        req: { method: 'POST', path: GBP_PATH, json: { ...gbpPost, topicType: 'NEWS' } },
        says: /topicType: must be one of/,
      },
      {
        what: 'an event post without its event',
        req: { method: 'POST', path: GBP_PATH, json: { ...gbpPost, topicType: 'EVENT' } },
        says: /must have required property 'event'/,
      },
      {
        what: 'media given by another field than sourceUrl',
        req: {
          method: 'POST',
          path: GBP_PATH,
          json: { ...gbpPost, media: [{ mediaFormat: 'PHOTO', googleUrl: 'https://cdn.example/a.jpg' }] },
        },
        says: /sourceUrl|googleUrl/,
      },
    ],
  },
  // The networks beyond the contract's ten, each against its own description.
  {
    platform: 'telegram',
    operation: 'sendMessage',
    good: { method: 'POST', path: TG_PATH, json: tgMessage },
    mistakes: [
      {
        what: 'a renamed field (`message` for `text`)',
        req: { method: 'POST', path: TG_PATH, json: { chat_id: '@sim_channel', message: 'hello' } },
        says: /field "message" is not in the description/,
      },
      {
        what: 'a missing required chat_id',
        req: { method: 'POST', path: TG_PATH, json: { text: 'hello' } },
        says: /required property 'chat_id'/,
      },
      {
        what: 'a flag sent as a string',
        req: { method: 'POST', path: TG_PATH, json: { ...tgMessage, disable_notification: 'yes' } },
        says: /disable_notification: must be boolean/,
      },
    ],
  },
  {
    platform: 'discord',
    operation: 'execute_webhook',
    good: { method: 'POST', path: DISCORD_PATH, query: { wait: 'true' }, json: { content: 'hello' } },
    mistakes: [
      {
        what: 'a renamed field (`text` for `content`)',
        req: { method: 'POST', path: DISCORD_PATH, query: { wait: 'true' }, json: { text: 'hello' } },
        says: /field "text" is not in the description/,
      },
      {
        what: '`wait` that is not a boolean',
        req: { method: 'POST', path: DISCORD_PATH, query: { wait: 'maybe' }, json: { content: 'hello' } },
        says: /wait: must be boolean/,
      },
      {
        what: 'content sent as a number',
        req: { method: 'POST', path: DISCORD_PATH, query: { wait: 'true' }, json: { content: 42 } },
        says: /content: must be/,
      },
    ],
  },
  {
    platform: 'reddit',
    operation: 'submit',
    good: { method: 'POST', path: '/api/submit', form: redditSubmit },
    mistakes: [
      {
        what: 'a post kind Reddit does not have',
        req: { method: 'POST', path: '/api/submit', form: { ...redditSubmit, kind: 'text' } },
        says: /kind: must be one of/,
      },
      {
        what: 'a renamed field (`subreddit` for `sr`)',
        req: {
          method: 'POST',
          path: '/api/submit',
          form: { ...withoutField(redditSubmit, 'sr'), subreddit: 'sandbox' },
        },
        says: /field "subreddit" is not in the description/,
      },
      {
        what: 'a missing required title',
        req: { method: 'POST', path: '/api/submit', form: withoutField(redditSubmit, 'title') },
        says: /required property 'title'/,
      },
    ],
  },
  {
    platform: 'mastodon',
    operation: 'createStatus',
    good: { method: 'POST', path: '/api/v1/statuses', headers: { 'idempotency-key': 'k1' }, json: toot },
    mistakes: [
      {
        what: 'a visibility Mastodon does not have',
        req: { method: 'POST', path: '/api/v1/statuses', json: { ...toot, visibility: 'everyone' } },
        says: /visibility: must be one of/,
      },
      {
        what: 'a renamed field (`text` for `status`)',
        req: { method: 'POST', path: '/api/v1/statuses', json: { text: 'hello' } },
        says: /field "text" is not in the description/,
      },
      {
        what: 'a flag sent as a string',
        req: { method: 'POST', path: '/api/v1/statuses', json: { ...toot, sensitive: 'yes' } },
        says: /sensitive: must be boolean/,
      },
    ],
  },
];

interface AnswerCase {
  platform: string;
  operation: string;
  method?: string;
  good: SimResponse;
  mistakes: { what: string; answer: SimResponse; says: RegExp }[];
}

const jsonAnswer = (body: unknown, status = 200, headers: Record<string, string> = {}): SimResponse => ({
  status,
  body,
  headers: { 'content-type': 'application/json', ...headers },
});

const answerCases: AnswerCase[] = [
  {
    platform: 'twitter',
    operation: 'createPosts',
    method: 'POST',
    good: jsonAnswer({ data: { id: '1445880548472328192', text: 'hello' } }, 201),
    mistakes: [
      {
        what: 'the new post id as a number',
        answer: jsonAnswer({ data: { id: 1445880548472328, text: 'hello' } }, 201),
        says: /id: must be string/,
      },
      {
        what: 'a created post without its text',
        answer: jsonAnswer({ data: { id: '1445880548472328192' } }, 201),
        says: /must have required property 'text'/,
      },
    ],
  },
  {
    platform: 'linkedin',
    operation: 'comments.create',
    method: 'POST',
    good: jsonAnswer(
      {
        id: '1',
        $URN: 'urn:li:comment:(urn:li:share:1,1)',
        actor: 'urn:li:person:abc',
        object: 'urn:li:share:1',
        message: { text: 'first' },
        created: { actor: 'urn:li:person:abc', time: 1 },
      },
      201,
      { 'x-restli-id': 'urn:li:comment:(urn:li:share:1,1)' },
    ),
    mistakes: [
      {
        what: 'a created comment without x-restli-id',
        answer: jsonAnswer(
          { id: '1', actor: 'urn:li:person:abc', object: 'urn:li:share:1', message: { text: 'first' } },
          201,
        ),
        says: /must have required property 'x-restli-id'/,
      },
    ],
  },
  {
    platform: 'tiktok',
    operation: 'status.fetch',
    method: 'POST',
    good: jsonAnswer({
      data: { status: 'PUBLISH_COMPLETE' },
      error: { code: 'ok', message: '', log_id: 'x' },
    }),
    mistakes: [
      {
        what: 'a publish status TikTok does not have',
        answer: jsonAnswer({ data: { status: 'DONE' }, error: { code: 'ok', message: '', log_id: 'x' } }),
        says: /status: must be one of/,
      },
      {
        what: 'an answer without its error object',
        answer: jsonAnswer({ data: { status: 'PUBLISH_COMPLETE' } }),
        says: /must have required property 'error'/,
      },
    ],
  },
  {
    platform: 'youtube',
    operation: 'youtube.videos.list',
    good: jsonAnswer({
      kind: 'youtube#videoListResponse',
      items: [{ kind: 'youtube#video', id: 'abc', status: { uploadStatus: 'processed' } }],
    }),
    mistakes: [
      {
        what: 'an upload status YouTube does not have',
        answer: jsonAnswer({ items: [{ id: 'abc', status: { uploadStatus: 'ready' } }] }),
        says: /uploadStatus: must be one of/,
      },
      {
        what: 'a view count under a made-up name',
        answer: jsonAnswer({ items: [{ id: 'abc', statistics: { views: '3' } }] }),
        says: /field "views" is not in the description/,
      },
    ],
  },
  {
    platform: 'bluesky',
    operation: 'com.atproto.repo.createRecord',
    method: 'POST',
    good: jsonAnswer({
      uri: 'at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/app.bsky.feed.post/3l6oveex3ii2l',
      cid: 'bafyreihbjnvz6ncahz7vbq5upvp3w47ll4qfkfshmfmyvnjwwzj2qxwtuy',
    }),
    mistakes: [
      {
        what: 'a created record without its CID',
        answer: jsonAnswer({ uri: 'at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/app.bsky.feed.post/3l6oveex3ii2l' }),
        says: /must have required property 'cid'/,
      },
    ],
  },
  {
    platform: 'facebook',
    operation: 'oauth.accessToken',
    good: jsonAnswer({ access_token: 'EAAB', token_type: 'bearer', expires_in: 5183944 }),
    mistakes: [
      {
        what: 'a token answer without the token',
        answer: jsonAnswer({ token_type: 'bearer', expires_in: 5183944 }),
        says: /must have required property 'access_token'/,
      },
      {
        what: 'the lifetime as text',
        answer: jsonAnswer({ access_token: 'EAAB', token_type: 'bearer', expires_in: '5183944' }),
        says: /expires_in: must be integer/,
      },
    ],
  },
  {
    platform: 'instagram',
    operation: 'user.messages.create',
    method: 'POST',
    good: jsonAnswer({ recipient_id: '1', message_id: 'm_1' }),
    mistakes: [
      {
        what: 'the sent message id under another name',
        answer: jsonAnswer({ recipient_id: '1', id: 'm_1' }),
        says: /field "id" is not in the description|must have required property 'message_id'/,
      },
    ],
  },
  {
    platform: 'googlebusiness',
    operation: 'localPosts.create',
    method: 'POST',
    good: jsonAnswer({ name: 'accounts/1/locations/2/localPosts/3', topicType: 'STANDARD', state: 'LIVE' }),
    mistakes: [
      {
        what: 'a post state Google does not have',
        answer: jsonAnswer({ name: 'accounts/1/locations/2/localPosts/3', state: 'PUBLISHED' }),
        says: /state: must be one of/,
      },
    ],
  },
];

describe('the contract check catches mistakes on its own', () => {
  for (const c of requestCases) {
    it(`${c.platform} ${c.operation}: a request that breaks the description`, async () => {
      const clean = await checker.checkRequest(c.platform, toSim(c.platform, c.good));
      assert.equal(clean.operation, c.operation, `${c.platform}: the clean request is a ${c.operation}`);
      assert.deepEqual(
        clean.problems,
        [],
        `${c.platform} ${c.operation}: the clean request meets the description`,
      );
      for (const m of c.mistakes) {
        const found = await checker.checkRequest(c.platform, toSim(c.platform, m.req));
        assert.equal(found.operation, c.operation, `${m.what}: still a ${c.operation}`);
        assert.match(found.problems.join('; '), m.says, `${c.platform}: ${m.what} is reported`);
      }
    });
  }

  for (const c of answerCases) {
    it(`${c.platform} ${c.operation}: an answer that breaks the description`, () => {
      const method = c.method ?? 'GET';
      assert.deepEqual(
        checker.checkAnswer(c.platform, c.operation, c.good, method),
        [],
        `${c.platform} ${c.operation}: the clean answer meets the description`,
      );
      for (const m of c.mistakes)
        assert.match(
          checker.checkAnswer(c.platform, c.operation, m.answer, method).join('; '),
          m.says,
          `${c.platform}: ${m.what} is reported`,
        );
    });
  }

  it('covers every platform with a contract file, on both sides', () => {
    const platforms = [...loadContracts().keys()].sort();
    assert.deepEqual([...new Set(requestCases.map((c) => c.platform))].sort(), platforms);
    const answered = new Set(answerCases.map((c) => c.platform));
    assert.ok(answered.size >= 8, `answers broken on ${[...answered]}`);
  });
});
