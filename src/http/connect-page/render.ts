/**
 * The hosted connect page's HTML: plain server-rendered pages with forms and links,
 * no script at all (nothing to load, nothing for the CSP to allow, and it works
 * with scripts off). Every value from outside is escaped; the accent colour was
 * checked to be a hex colour when the session was created.
 */

import type { SelectableAccount } from '../../domain/connect/selection.ts';
import type { Branding } from '../../domain/connect-sessions/checks.ts';
import type { ConnectedInSession, LiveSession } from '../../domain/connect-sessions/sessions.ts';
import type { Platform } from '../../platforms/names.ts';

export const LABELS: Record<Platform, string> = {
  twitter: 'X',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  linkedin: 'LinkedIn',
  bluesky: 'Bluesky',
  telegram: 'Telegram',
  discord: 'Discord channel',
  reddit: 'Reddit',
  mastodon: 'Mastodon',
  facebook: 'Facebook Page',
  threads: 'Threads',
  googlebusiness: 'Google Business Profile',
};

/** What the customer chooses on the selection step, per platform. */
const CHOICE_NOUN: Partial<Record<Platform, string>> = {
  facebook: 'Facebook Pages',
  linkedin: 'LinkedIn profile and organization pages',
  googlebusiness: 'Google Business Profile locations',
};

export const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** Black or white, whichever reads better on the accent (WCAG relative luminance). */
function textOn(hex: string): string {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with black is (l + 0.05) / 0.05, with white 1.05 / (l + 0.05).
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

const STYLE = (accent: string) => `
:root{--accent:${accent};--on-accent:${textOn(accent)};color-scheme:light}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f6f7f9}
main{max-width:34rem;margin:0 auto;padding:1.5rem 1rem 3rem}
header{display:flex;align-items:center;gap:.75rem;margin-bottom:1rem}
header img{width:48px;height:48px;object-fit:contain;border-radius:8px;background:#fff}
h1{font-size:1.5rem;margin:0}
h2{font-size:1.125rem;margin:0}
p{margin:.5rem 0}
ul{list-style:none;margin:1rem 0;padding:0}
li.platform{background:#fff;border:1px solid #d0d7de;border-radius:10px;padding:1rem;margin-bottom:.75rem}
.row{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem}
.done-list{margin:.5rem 0 0;padding:0;font-size:.9375rem;color:#1a7f37}
.button,button{display:inline-block;font:inherit;font-weight:600;text-decoration:none;border:0;border-radius:8px;padding:.625rem 1rem;min-height:44px;cursor:pointer;background:var(--accent);color:var(--on-accent)}
.secondary{background:#fff;color:#1f2328;border:1px solid #8c959f}
label{display:block;margin:.5rem 0 .25rem;font-weight:600}
input[type=text],input[type=password]{width:100%;font:inherit;padding:.5rem .625rem;border:1px solid #6e7781;border-radius:6px;min-height:44px}
fieldset{border:1px solid #d0d7de;border-radius:10px;padding:1rem;background:#fff;margin:1rem 0}
legend{font-weight:600;padding:0 .25rem}
.choice{display:flex;gap:.5rem;align-items:center;font-weight:400;margin:.5rem 0}
.choice input{width:1.25rem;height:1.25rem}
.notice{padding:.75rem 1rem;border-radius:8px;margin:1rem 0}
.ok{background:#dafbe1;color:#0f5323}
.error{background:#ffebe9;color:#82071e}
.hint{font-size:.875rem;color:#57606a}
.finish{margin-top:1.5rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #0969da;outline-offset:2px}
`;

function page(title: string, branding: Branding | null, body: string): string {
  const accent = branding?.accentColor ?? '#1f6feb';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE(accent)}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

function header(branding: Branding, heading: string): string {
  const logo = branding.logoUrl
    ? `<img src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(branding.name ?? 'Logo')}">`
    : '';
  return `<header>${logo}<h1>${escapeHtml(heading)}</h1></header>`;
}

const requester = (b: Branding) => (b.name ? escapeHtml(b.name) : 'The app that sent you here');

export interface Notice {
  kind: 'ok' | 'error';
  text: string;
}

const noticeHtml = (n: Notice | null) =>
  n
    ? `<p class="notice ${n.kind}" role="${n.kind === 'error' ? 'alert' : 'status'}">${escapeHtml(n.text)}</p>`
    : '';

const accountName = (c: ConnectedInSession) => c.displayName ?? c.username ?? c.integrationId;

/**
 * The platforms that connect with a form here rather than a link to their own
 * authorization page: Bluesky (handle and app password), Telegram (a bot's token
 * and the chat it posts to: Telegram has no authorization page for a channel), and
 * Mastodon (the person's own instance, asked before its authorization page; the
 * same form reconnects an account, on the instance it names).
 */
const FORMS: Partial<Record<Platform, (base: string) => string>> = {
  bluesky: (base) => `<form method="post" action="${base}/bluesky">
<label for="bsky-id">Handle or e-mail</label>
<input type="text" id="bsky-id" name="identifier" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="300">
<label for="bsky-pw">App password</label>
<input type="password" id="bsky-pw" name="password" autocomplete="current-password" required maxlength="300" aria-describedby="bsky-hint">
<p class="hint" id="bsky-hint">Create an app password in Bluesky under Settings → Privacy and security → App passwords. Your main password is not needed.</p>
<button type="submit">Connect Bluesky</button>
</form>`,
  telegram: (base) => `<form method="post" action="${base}/telegram">
<p class="hint" id="tg-hint">Telegram connects a channel or group through your own bot: create one with @BotFather, add it to the channel as an administrator allowed to post messages (or to the group as a member), then enter its token and the chat.</p>
<label for="tg-token">Bot token</label>
<input type="password" id="tg-token" name="botToken" autocomplete="off" spellcheck="false" required maxlength="200" aria-describedby="tg-hint">
<label for="tg-chat">Channel or group (@name or chat id)</label>
<input type="text" id="tg-chat" name="chatId" autocapitalize="none" spellcheck="false" required maxlength="200">
<button type="submit">Connect Telegram</button>
</form>`,
  mastodon: (base) => `<form method="post" action="${base}/mastodon">
<label for="masto-instance">Your instance</label>
<input type="text" id="masto-instance" name="instance" inputmode="url" autocapitalize="none" spellcheck="false" maxlength="300" placeholder="mastodon.social" aria-describedby="masto-hint">
<p class="hint" id="masto-hint">The server your account is on. To reconnect an account, enter its server again.</p>
<button type="submit">Connect Mastodon</button>
</form>`,
};

/** The session's page: each allowed platform with its connect action and what is connected already. */
export function sessionPage(
  session: LiveSession,
  base: string,
  connected: ConnectedInSession[],
  notice: Notice | null,
): string {
  const b = session.branding;
  const items = session.platforms.map((p) => {
    const mine = connected.filter((c) => c.platform === p);
    const done = mine.length
      ? `<ul class="done-list" aria-label="${escapeHtml(LABELS[p])} accounts connected">${mine
          .map((c) => `<li>✓ Connected: ${escapeHtml(accountName(c))}</li>`)
          .join('')}</ul>`
      : '';
    const form = FORMS[p]?.(base);
    const action =
      form ??
      `<a class="button" href="${base}/start/${p}">${mine.length ? 'Connect another' : 'Connect'}<span class="visually-hidden"> ${escapeHtml(LABELS[p])}</span></a>`;
    return `<li class="platform"><div class="row"><h2>${escapeHtml(LABELS[p])}</h2>${form ? '' : action}</div>${done}${form ? action : ''}</li>`;
  });
  const count = connected.length;
  return page(
    `Connect your accounts${b.name ? ` to ${b.name}` : ''}`,
    b,
    `${header(b, 'Connect your accounts')}
<p>${requester(b)} asks to publish to your social accounts. Connect the ones you want, then choose Done.</p>
${noticeHtml(notice)}
<ul aria-label="Platforms">${items.join('\n')}</ul>
<form class="finish" method="post" action="${base}/finish">
<button type="submit">Done${count ? ` (${count} connected)` : ''}</button>
</form>
<p class="hint">This link works once and expires at ${escapeHtml(session.expiresAt.replace('T', ' ').slice(0, 16))} UTC.</p>`,
  );
}

/** The accounts a platform offered after authorizing, to choose from (on the hosted connect page). */
export function selectionPage(
  session: LiveSession,
  base: string,
  platform: Platform,
  selectionToken: string,
  accounts: SelectableAccount[],
  notice: Notice | null,
): string {
  return choicePage({
    branding: session.branding,
    action: `${base}/select`,
    hidden: { platform, selectionToken },
    cancel: { kind: 'link', href: base },
    platform,
    accounts,
    notice,
  });
}

export interface ChoiceView {
  /** The integrator's branding (the hosted connect page), or null: the service's own look. */
  branding: Branding | null;
  /** Where the form posts the choice. */
  action: string;
  hidden: Record<string, string>;
  /** Back to the page (a link), or a form that ends the choice (its own action). */
  cancel: { kind: 'link'; href: string } | { kind: 'form'; action: string };
  platform: Platform;
  accounts: SelectableAccount[];
  notice: Notice | null;
}

/** The choice screen: a checkbox per offered account, no script, sized for a phone. */
export function choicePage(view: ChoiceView): string {
  const b = view.branding ?? { name: null, logoUrl: null, accentColor: null };
  const { platform, accounts } = view;
  const noun = CHOICE_NOUN[platform] ?? `${LABELS[platform]} accounts`;
  const choices = accounts
    .map(
      (a, i) =>
        `<label class="choice" for="acct-${i}"><input type="checkbox" id="acct-${i}" name="selected" value="${escapeHtml(a.id)}"${accounts.length === 1 ? ' checked' : ''}> ${escapeHtml(a.displayName ?? a.username ?? a.platformUserId)}${a.type === 'person' ? ' (your profile)' : ''}</label>`,
    )
    .join('\n');
  const hidden = Object.entries(view.hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('\n');
  const cancelLink =
    view.cancel.kind === 'link'
      ? `<a class="button secondary" href="${escapeHtml(view.cancel.href)}">Cancel</a>`
      : '';
  const cancelForm =
    view.cancel.kind === 'form'
      ? `<form method="post" action="${escapeHtml(view.cancel.action)}"><button class="secondary" type="submit">Cancel</button></form>`
      : '';
  return page(
    `Choose ${noun}`,
    b,
    `${header(b, `Choose ${noun}`)}
<p>Choose which ones ${requester(b)} may publish to.</p>
${noticeHtml(view.notice)}
<form method="post" action="${escapeHtml(view.action)}">
${hidden}
<fieldset><legend>${escapeHtml(noun)}</legend>
${choices}
</fieldset>
<button type="submit">Connect selected</button>
${cancelLink}
</form>
${cancelForm}`,
  );
}

const DEAD: Record<'expired' | 'used' | 'unknown', { title: string; text: string }> = {
  expired: {
    title: 'This link has expired',
    text: 'Connect links work for a limited time. Ask for a new link where you got this one.',
  },
  used: {
    title: 'This link was already used',
    text: 'The accounts were connected and the link closed. To connect more, ask for a new link where you got this one.',
  },
  unknown: {
    title: 'This link is not valid',
    text: 'Check that you opened the whole link, or ask for a new one where you got it.',
  },
};

/** Expired, used or unknown links, and failures the customer can not fix on the page. */
export function deadPage(kind: keyof typeof DEAD): string {
  const d = DEAD[kind];
  return page(d.title, null, `<h1>${d.title}</h1>\n<p>${d.text}</p>`);
}

/**
 * The step between the Mastodon form and the instance's authorization page: a link,
 * not a redirect, since a form here may only lead to this service (its CSP), and
 * the instance is wherever the person's account is.
 */
export function continuePage(session: LiveSession, url: string, instance: string): string {
  const b = session.branding;
  const host = new URL(instance).host;
  return page(
    'Continue to your Mastodon instance',
    b,
    `${header(b, 'Continue to your Mastodon instance')}
<p>Authorize the connection on ${escapeHtml(host)}, then you come back here.</p>
<p><a class="button" href="${escapeHtml(url)}">Continue to ${escapeHtml(host)}</a></p>`,
  );
}

export function failurePage(text: string): string {
  return page('Something went wrong', null, `<h1>Something went wrong</h1>\n<p>${escapeHtml(text)}</p>`);
}
