/**
 * Adapters validate a target as the publishing engine sees it (contract
 * TargetInput: its final text and media); the platforms' rules in
 * `<platform>/validate.ts` take the request's target and post. This turns one
 * into the other, so an adapter's `validate` is exactly the rules the API applies.
 */
import type { TargetInput } from '../contract.ts';
import type { PlatformValidator } from './input.ts';

export function validateWith(rules: PlatformValidator) {
  return (target: TargetInput): string[] =>
    rules(
      {
        platform: target.platform,
        accountId: target.integrationId,
        content: target.content,
        platformSpecificData: target.platformSpecificData,
      },
      { content: target.content, mediaItems: target.mediaItems },
    );
}
