/**
 * Google Business Profile discovery: Account Management `GET /v1/accounts` and
 * Business Information `GET /v1/accounts/{a}/locations?readMask=...` (readMask
 * required; names come back bare as `locations/{id}`), `GET /v1/locations/{id}`.
 */
import { authOf, json, type SimRequest } from '../../core/http.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import type { SimLocation } from '../../core/types.ts';
import { googleError } from '../_shared/google.ts';

const page = <T>(items: T[], req: SimRequest, max: number): { items: T[]; next?: string } => {
  const size = Math.min(Number(req.query['pageSize'] ?? max) || max, max);
  const start = Number(req.query['pageToken'] ?? '0') || 0;
  const slice = items.slice(start, start + size);
  return start + size < items.length ? { items: slice, next: String(start + size) } : { items: slice };
};

const locationView = (l: SimLocation, mask: string[]): Record<string, unknown> => {
  const full: Record<string, unknown> = {
    name: l.name,
    title: l.title,
    storefrontAddress: l.address,
    metadata: {
      canOperateLocalPost: l.canOperateLocalPost,
      hasVoiceOfMerchant: true,
      mapsUri: `https://maps.google.com/maps?cid=${l.name.split('/')[1]}`,
      placeId: `ChIJsim${l.name.split('/')[1]}`,
    },
  };
  return Object.fromEntries(Object.entries(full).filter(([k]) => mask.includes(k)));
};

const readMaskMissing = () =>
  googleError(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', undefined);

export const register = (r: SimRouter, _sim: Simulator): void => {
  r.get(
    '/v1/accounts',
    (req) => {
      const accounts = (authOf(req).account.businessAccounts ?? []).map((b) => ({
        name: b.name,
        accountName: b.accountName,
        type: b.type,
        role: b.role,
        verificationState: 'VERIFIED',
        vettedState: 'NOT_VETTED',
      }));
      const p = page(accounts, req, 20);
      return json(200, { accounts: p.items, ...(p.next ? { nextPageToken: p.next } : {}) });
    },
    { auth: true },
  );

  r.get(
    '/v1/accounts/:accountId/locations',
    (req) => {
      const mask = (req.query['readMask'] ?? '').split(',').filter((s) => s);
      if (mask.length === 0) return readMaskMissing();
      const acc = (authOf(req).account.businessAccounts ?? []).find(
        (b) => b.name === `accounts/${req.params['accountId']}`,
      );
      if (!acc) return googleError(404, 'NOT_FOUND', 'Requested entity was not found.');
      const p = page(acc.locations, req, 100);
      return json(200, {
        ...(p.items.length ? { locations: p.items.map((l) => locationView(l, mask)) } : {}),
        ...(p.next ? { nextPageToken: p.next } : {}),
      });
    },
    { auth: true },
  );

  r.get(
    '/v1/locations/:locationId',
    (req) => {
      const mask = (req.query['readMask'] ?? '').split(',').filter((s) => s);
      if (mask.length === 0) return readMaskMissing();
      const loc = (authOf(req).account.businessAccounts ?? [])
        .flatMap((b) => b.locations)
        .find((l) => l.name === `locations/${req.params['locationId']}`);
      if (!loc) return googleError(404, 'NOT_FOUND', 'Requested entity was not found.');
      return json(200, locationView(loc, mask));
    },
    { auth: true },
  );
};
