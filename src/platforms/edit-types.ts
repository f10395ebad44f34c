/**
 * The editing contract: what a platform module's `editor` implements so the
 * service can change a post that is already live (PATCH /v1/posts/{postId}/published).
 * Only platforms whose API changes a published post in place have one; the others
 * say why in `notEditable` (src/platforms/module.ts) and nothing is sent there.
 */
import type { Logger } from 'pino';
import type { PlatformUrlGuard } from '../net/outbound.ts';
import type { AccountCredentials, Checkpoint, MediaItem } from './contract.ts';

export interface EditContext {
  account: AccountCredentials;
  /** The post's id on the platform, as publish recorded it. */
  platformPostId: string;
  /** The checkpoint publish saved for the target (a Facebook video's id, ...). */
  checkpoint: Readonly<Checkpoint>;
  /**
   * The target as it reads once edited: its whole text and its options with the
   * edited ones merged in (a platform that replaces a whole part, such as YouTube's
   * snippet, sends the fields that did not change too).
   */
  target: {
    content: string;
    platformSpecificData: Readonly<Record<string, unknown>>;
    mediaItems: readonly MediaItem[];
  };
  /** What this edit changes: the text, and the names of the options that change. */
  changes: { content: boolean; options: readonly string[] };
  baseUrl: string;
  /** As PublishContext.platformUrls (a Mastodon account's own instance goes through it). */
  platformUrls: PlatformUrlGuard;
  apiVersion?: string | undefined;
  signal: AbortSignal;
  log: Logger;
}

/** A finished edit; `warningMessage` when the edit went through but something around it did not. */
export interface EditResult {
  warningMessage?: string;
}

/** A module's editing capability (src/platforms/module.ts `editor`). */
export interface PlatformEditor {
  /**
   * The platformSpecificData fields an edit may change on this platform; an edit
   * naming any other is refused with the list of these. The text can always change.
   */
  readonly options: readonly string[];
  /**
   * True when sending the same edit twice leaves the post as sending it once (it
   * sets fields to values): after a crash or a lost answer the edit is sent again
   * instead of failing with "check the account".
   */
  readonly idempotent: boolean;
  /**
   * Why a post of this format can not be edited (a Facebook Story has no text to
   * change), from its platformSpecificData; undefined when it can.
   */
  notEditableFormat?(platformSpecificData: Readonly<Record<string, unknown>>): string | undefined;
  /** Changes the live post; throws a PlatformError classified like a publish call's. */
  edit(ctx: EditContext): Promise<EditResult>;
}
