/**
 * The records the simulator keeps, shared by every platform module.
 */
import type { Platform } from '../../facts/platforms.ts';

/** How a platform issues and ages tokens (per docs); tests may change it per platform. */
export interface TokenPolicy {
  /** Access-token lifetime in seconds; null = never expires (Meta Page tokens, for example). */
  accessTtlSec: number | null;
  /** Whether the token endpoint hands out refresh tokens at all. */
  issueRefresh: boolean;
  /** Refresh-token lifetime in seconds; null = no fixed expiry. */
  refreshTtlSec: number | null;
  /** Each refresh returns a new refresh token and the old one dies (X, TikTok, Pinterest, Bluesky). */
  rotateRefresh: boolean;
  /** A refresh does not extend the refresh token's life (LinkedIn: 365 days from the first grant). */
  refreshFixedExpiry: boolean;
  /** Seconds an already-rotated refresh token still works (the Bluesky PDS has such a window). */
  refreshReuseGraceSec: number;
  /** Authorization-code lifetime in seconds. */
  codeTtlSec: number;
  /** Meta: lifetime of a long-lived token from `fb_exchange_token` / `ig_exchange_token` / `th_exchange_token`. */
  longLivedTtlSec?: number;
  /**
   * PKCE: required (X), checked only when the authorize request carried a challenge,
   * or not part of the platform's OAuth at all (Pinterest: its token request takes no
   * code_verifier), so a challenge is ignored as the platform would.
   */
  pkce: 'required' | 'optional' | 'unsupported';
}

export interface SimApp {
  platform: Platform;
  clientId: string;
  clientSecret: string;
  /** Registered redirect URIs; null accepts any (the default apps do, for convenience). */
  redirectUris: string[] | null;
  name: string;
  /** The authorize page refuses every request of this app (`error=access_denied`). */
  refuse?: boolean;
}

export interface SimPage {
  id: string;
  name: string;
  category: string;
  tasks: string[];
  pictureUrl: string;
  /** The Page's followers (followers_count and fan_count); 0 when unset. */
  followersCount?: number;
  /** The Instagram business account linked to this Page (Facebook Login flavour). */
  instagramBusinessAccount?: { id: string; username: string; profilePictureUrl: string };
}

export interface SimOrganization {
  id: string;
  name: string;
  vanityName: string;
  role: string;
  logoUrl: string;
}

export interface SimLocation {
  /** Bare name as Business Information returns it: `locations/{id}`. */
  name: string;
  title: string;
  canOperateLocalPost: boolean;
  address: { regionCode: string; locality: string; postalCode: string; addressLines: string[] };
}

export interface SimBusinessAccount {
  /** `accounts/{id}` */
  name: string;
  accountName: string;
  type: 'PERSONAL' | 'LOCATION_GROUP' | 'USER_GROUP' | 'ORGANIZATION';
  role: string;
  locations: SimLocation[];
}

export interface SimBoard {
  id: string;
  name: string;
  description: string;
  privacy: 'PUBLIC' | 'PROTECTED' | 'SECRET';
  /** Pinterest group board: the other users (ids) who may pin to it and see it in their board list. */
  collaborators?: string[];
}

export interface SimCreatorInfo {
  privacyLevelOptions: string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number;
}

export interface SimChannel {
  id: string;
  title: string;
  customUrl: string;
  thumbnailUrl: string;
}

/** A platform user (the person who logs in) and what they own there. */
export interface SimAccount {
  platform: Platform;
  /** Platform user id: X user id, Facebook user id, LinkedIn `sub`, DID, TikTok open_id... */
  id: string;
  username: string;
  name: string;
  avatarUrl: string;
  email: string;
  /** Bluesky: the app password createSession accepts. */
  password?: string;
  /** The authorize page refuses this user (`error=access_denied`). */
  refuse?: boolean;
  /** Instagram, Pinterest: BUSINESS / CREATOR / PERSONAL. */
  accountType?: string;
  followersCount?: number;
  /** X: `subscription_type` (None, Basic, Premium, PremiumPlus); Premium and PremiumPlus may post up to 25,000 characters. */
  subscriptionType?: string;
  pages?: SimPage[];
  organizations?: SimOrganization[];
  businessAccounts?: SimBusinessAccount[];
  boards?: SimBoard[];
  creatorInfo?: SimCreatorInfo;
  channel?: SimChannel;
}

export type TokenKind = 'access' | 'refresh' | 'page';

export interface SimToken {
  value: string;
  platform: Platform;
  kind: TokenKind;
  clientId: string;
  /** The user the token was issued to. */
  accountId: string;
  /** For Page tokens: the Page id (the token acts as the Page). */
  subjectId?: string;
  scopes: string[];
  issuedAt: number;
  expiresAt: number | null;
  revoked: boolean;
  /** Grant family: every token descending from one authorization. */
  grantId: string;
  /** Meta: the token came from a long-lived exchange. */
  longLived?: boolean;
  /** Refresh tokens: when it was used for a rotation (then dead after the grace window). */
  rotatedAt?: number;
  /** Refresh tokens without rotation keep their first expiry (LinkedIn). */
  refreshExpiresAt?: number | null;
}

export interface SimCode {
  value: string;
  platform: Platform;
  clientId: string;
  redirectUri: string;
  accountId: string;
  scopes: string[];
  codeChallenge?: string;
  codeChallengeMethod?: string;
  expiresAt: number;
  used: boolean;
  /** Other authorize parameters a platform cares about (Google `access_type`). */
  extra: Record<string, string>;
}

export interface SimPost {
  id: string;
  platform: Platform;
  accountId: string;
  /** Free label for the kind of object: 'tweet', 'pin', 'localPost', 'container'... */
  kind: string;
  createdAt: string;
  data: Record<string, unknown>;
  deleted: boolean;
}

export interface PostFilter {
  account?: string;
  kind?: string;
  /** Include deleted posts (default false). */
  includeDeleted?: boolean;
  where?: (post: SimPost) => boolean;
}
