/**
 * The simulated instance's entities as Mastodon answers them (Account,
 * CredentialAccount, Instance, Status, MediaAttachment), every required field
 * present, so the answers meet the instance's description. Links are on the
 * simulator's own address (`<simulator>/mastodon`), as a real instance's are on its
 * own host.
 */
import type { Simulator } from '../../core/simulator-api.ts';
import type { SimAccount, SimPost } from '../../core/types.ts';

export interface InstanceLimits {
  max_characters: number;
  max_media_attachments: number;
  characters_reserved_per_url: number;
  image_size_limit: number;
  video_size_limit: number;
  description_limit: number;
  max_options: number;
  max_characters_per_option: number;
  min_expiration: number;
  max_expiration: number;
}

export const DEFAULT_LIMITS: InstanceLimits = {
  max_characters: 500,
  max_media_attachments: 4,
  characters_reserved_per_url: 23,
  image_size_limit: 16_777_216,
  video_size_limit: 103_809_024,
  description_limit: 1500,
  max_options: 4,
  max_characters_per_option: 50,
  min_expiration: 300,
  max_expiration: 2_629_746,
};

/** The instance's limits now (a test may change them: `setInstanceLimits`). */
export const limitsOf = (sim: Simulator): InstanceLimits => ({
  ...DEFAULT_LIMITS,
  ...sim.state.collection<Partial<InstanceLimits>>('mastodon', 'config').get('limits'),
});

/** Changes the simulated instance's limits (tests of limits read from the instance). */
export const setInstanceLimits = (sim: Simulator, limits: Partial<InstanceLimits>): void => {
  sim.state.collection<Partial<InstanceLimits>>('mastodon', 'config').set('limits', limits);
};

/** The domain the instance names itself by; its links are there (`https://`), its API on the simulator. */
export const SIM_MASTODON_DOMAIN = 'mastodon.sim.invalid';
const originOf = (_sim: Simulator): string => `https://${SIM_MASTODON_DOMAIN}`;
const domainOf = (_sim: Simulator): string => SIM_MASTODON_DOMAIN;

const CREATED = '2024-01-02T00:00:00.000Z';

export function accountJson(sim: Simulator, a: SimAccount) {
  const statuses = sim.state.countPosts('mastodon', { account: a.id, kind: 'status' });
  return {
    id: a.id,
    username: a.username,
    acct: a.username,
    display_name: a.name,
    locked: false,
    bot: false,
    discoverable: true,
    indexable: true,
    group: false,
    created_at: CREATED,
    note: '<p>Simulated account</p>',
    url: `${originOf(sim)}/@${a.username}`,
    uri: `${originOf(sim)}/users/${a.username}`,
    avatar: a.avatarUrl,
    avatar_static: a.avatarUrl,
    header: 'https://files.mastodon.sim.invalid/headers/missing.png',
    header_static: 'https://files.mastodon.sim.invalid/headers/missing.png',
    followers_count: a.followersCount ?? 0,
    following_count: 7,
    statuses_count: statuses,
    last_status_at: null,
    emojis: [],
    fields: [],
  };
}

export function credentialAccountJson(sim: Simulator, a: SimAccount) {
  return {
    ...accountJson(sim, a),
    source: {
      privacy: 'public',
      sensitive: false,
      language: 'en',
      note: 'Simulated account',
      fields: [],
      follow_requests_count: 0,
      indexable: true,
    },
    role: { id: '-99', name: '', permissions: '0', color: '', highlighted: false },
  };
}

export function instanceJson(sim: Simulator) {
  const l = limitsOf(sim);
  return {
    domain: domainOf(sim),
    title: 'Simulated Mastodon',
    version: '4.5.0',
    source_url: 'https://github.com/mastodon/mastodon',
    description: 'A simulated Mastodon instance.',
    usage: { users: { active_month: 1 } },
    thumbnail: { url: 'https://files.mastodon.sim.invalid/site/thumbnail.png' },
    icon: [],
    languages: ['en'],
    api_versions: { mastodon: 6 },
    configuration: {
      urls: { streaming: `wss://${SIM_MASTODON_DOMAIN}` },
      accounts: { max_featured_tags: 10, max_pinned_statuses: 5 },
      statuses: {
        max_characters: l.max_characters,
        max_media_attachments: l.max_media_attachments,
        characters_reserved_per_url: l.characters_reserved_per_url,
      },
      media_attachments: {
        supported_mime_types: [
          'image/jpeg',
          'image/png',
          'image/gif',
          'image/webp',
          'video/mp4',
          'video/quicktime',
          'video/webm',
        ],
        description_limit: l.description_limit,
        image_size_limit: l.image_size_limit,
        image_matrix_limit: 33_177_600,
        video_size_limit: l.video_size_limit,
        video_frame_rate_limit: 120,
        video_matrix_limit: 8_294_400,
      },
      polls: {
        max_options: l.max_options,
        max_characters_per_option: l.max_characters_per_option,
        min_expiration: l.min_expiration,
        max_expiration: l.max_expiration,
      },
      translation: { enabled: false },
    },
    registrations: { enabled: false, approval_required: false, message: null },
    contact: { email: 'admin@mastodon.sim.invalid' },
    rules: [],
  };
}

export interface SimMedia {
  id: string;
  accountId: string;
  type: 'image' | 'gifv' | 'video';
  description: string | null;
  /** GETs left before processing is done (videos). */
  processing: number;
  fileName: string;
}

export function mediaJson(sim: Simulator, m: SimMedia) {
  const ready = m.processing <= 0;
  return {
    id: m.id,
    type: m.type,
    url: ready
      ? `${originOf(sim)}/system/media_attachments/${m.id}/original/${encodeURIComponent(m.fileName)}`
      : null,
    preview_url: `${originOf(sim)}/system/media_attachments/${m.id}/small.png`,
    remote_url: null,
    meta: null,
    description: m.description,
    blurhash: null,
  };
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The status text as Mastodon renders it: paragraphs at blank lines, `<br />` at line ends. */
export const renderContent = (text: string): string =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br />')}</p>`)
    .join('');

export function statusJson(sim: Simulator, post: SimPost) {
  const d = post.data as {
    status: string;
    media: string[];
    in_reply_to_id: string | null;
    spoiler_text: string;
    sensitive: boolean;
    visibility: string;
    language: string | null;
    poll: { options: string[]; expires_in: number; multiple: boolean } | null;
    favourites: number;
    reblogs: number;
    replies: number;
    edited_at: string | null;
  };
  const account = sim.state.account('mastodon', post.accountId)!;
  const media = sim.state.collection<SimMedia>('mastodon', 'media');
  const parent = d.in_reply_to_id ? sim.state.getPost('mastodon', d.in_reply_to_id) : undefined;
  return {
    id: post.id,
    uri: `${originOf(sim)}/users/${account.username}/statuses/${post.id}`,
    url: `${originOf(sim)}/@${account.username}/${post.id}`,
    created_at: post.createdAt,
    edited_at: d.edited_at,
    account: accountJson(sim, account),
    content: renderContent(d.status),
    visibility: d.visibility,
    sensitive: d.sensitive,
    spoiler_text: d.spoiler_text,
    media_attachments: d.media.map((id) => mediaJson(sim, media.get(id)!)),
    mentions: [],
    tags: [],
    emojis: [],
    reblogs_count: d.reblogs,
    favourites_count: d.favourites,
    replies_count: d.replies,
    in_reply_to_id: d.in_reply_to_id,
    in_reply_to_account_id: parent ? parent.accountId : null,
    reblog: null,
    poll: d.poll
      ? {
          id: `${post.id}0`,
          expires_at: new Date(Date.parse(post.createdAt) + d.poll.expires_in * 1000).toISOString(),
          expired: false,
          multiple: d.poll.multiple,
          votes_count: 0,
          voters_count: 0,
          options: d.poll.options.map((title) => ({ title, votes_count: 0 })),
          emojis: [],
        }
      : null,
    card: null,
    language: d.language,
    favourited: false,
    reblogged: false,
    muted: false,
    bookmarked: false,
    pinned: false,
  };
}
