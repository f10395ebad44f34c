/** Telegram passes the adapter conformance suite (src/platforms/shared/conformance.ts). */
import { SANDBOX_TELEGRAM } from '../../facts/sandbox-app.ts';
import { describeConformance } from '../shared/conformance.ts';
import { telegramModule } from './index.ts';
import { BLIND_RECONCILE } from './publish.ts';

const send = (method: string) => ({ method: 'POST', path: new RegExp(`^/bot[^/]+/${method}$`) });
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describeConformance({
  platform: 'telegram',
  adapter: telegramModule.publisher,
  // The seeded bot's token; the chat @sim_channel is the account (`pageId` becomes platformUserId).
  account: {
    id: '7000000001',
    pageId: '-1001000000001',
    metadata: { chatUsername: SANDBOX_TELEGRAM.chatId.slice(1) },
  },
  posts: {
    text: { create: send('sendMessage') },
    image: { create: send('sendPhoto') },
    video: { create: send('sendVideo') },
  },
  postUrl: (id) => `https://t.me/sim_channel/${id}`,
  textOf: (p) => (p.data.text ?? p.data.caption) as string | undefined,
  mediaCount: (p) => (p.data.media ? 1 : 0),
  rateLimit: { fault: { resetInSec: 17 }, expectedWaitMs: () => 17_000 },
  serverError: { status: 502, body: { ok: false, error_code: 502, description: 'Bad Gateway' } },
  permanent: {
    refuse: { content: 'a'.repeat(4097) },
    message: () => 'Telegram: Bad Request: message is too long',
  },
  reconcileBlind: new RegExp(escapeRegExp(BLIND_RECONCILE)),
  refresh: null,
});
