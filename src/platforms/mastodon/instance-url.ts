/**
 * The instance a person names (`GET /v1/connect/mastodon?instance=...`), checked
 * before anything is sent there: an https origin and nothing else (no user or
 * password, path, query or fragment; a bare host name is read as https), a host
 * name with a dot or an IP address, never a name that always means this machine.
 * The address it resolves to is checked by the outbound client on every call (a
 * private, loopback or link-local address is refused unless OUTBOUND_ALLOWLIST
 * names it), so a name that re-resolves elsewhere is caught too. The one
 * exception to https is the service's own default instance (the simulator in
 * sandbox mode), which the operator configured.
 */
import { isIP } from 'node:net';
import { isLocalName } from '../../net/outbound.ts';

export type InstanceCheck = { ok: true; origin: string } | { ok: false; problem: string };

export function checkInstanceUrl(raw: string, defaultInstance: string | null): InstanceCheck {
  const text = raw.trim();
  if (text === '' || text.length > 300)
    return { ok: false, problem: 'instance must be the https address of a Mastodon instance' };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, problem: `instance "${text.slice(0, 100)}" is not a URL` };
  }
  if (
    defaultInstance &&
    url.origin === new URL(defaultInstance).origin &&
    (url.pathname === '/' ||
      `${url.origin}${url.pathname}`.replace(/\/+$/, '') === defaultInstance.replace(/\/+$/, ''))
  )
    return { ok: true, origin: defaultInstance.replace(/\/+$/, '') };
  if (url.protocol !== 'https:') return { ok: false, problem: 'instance must be an https address' };
  if (url.username || url.password)
    return { ok: false, problem: 'instance must not carry a user name or password' };
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    return {
      ok: false,
      problem:
        'instance must be the address of the instance alone (https://host), without a path, query or fragment',
    };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLocalName(host))
    return { ok: false, problem: `instance ${host} is this machine, not a Mastodon instance` };
  if (!isIP(host) && (!host.includes('.') || host.endsWith('.') || host.length > 253))
    return { ok: false, problem: `instance ${host} is not a public host name` };
  return { ok: true, origin: url.origin.toLowerCase() };
}
