// The API's messages in a manager's words: option names become the labels of the form,
// instants become local times, ids and API paths give way to what a person does.
import { PLATFORM_LABELS, type PlatformName } from '../../api/client.ts';
import { formatTime } from '../../ui.tsx';
import { optionLabel } from './labels.ts';

const ISO = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})\b/g;
const platformName = (p: string) => PLATFORM_LABELS[p as PlatformName] ?? p;

export function plainMessage(message: string): string {
  return (
    message
      // "platforms[0] (pinterest): " — the form shows the message beside that account already.
      .replace(/^platforms\[\d+\] \(([a-z]+)\):\s*/, '')
      .replace(
        /\bplatformSpecificData\.([A-Za-z]+)(?:\[(\d+)\])?(?:\.([A-Za-z]+))?/g,
        (_m, name, index, sub) => {
          const label = optionLabel(name);
          const item = index !== undefined ? ` ${Number(index) + 1}` : '';
          return `${label}${item}${sub ? ` ${optionLabel(sub).toLowerCase()}` : ''}`;
        },
      )
      .replace(/^scheduledFor (\S+) is in the past \(now is [^)]+\)/, (_m, at) =>
        Number.isNaN(Date.parse(at)) ? 'The time chosen is in the past' : `${formatTime(at)} is in the past`,
      )
      .replace(/^scheduledFor\b/, 'The date and time')
      .replace(/^firstComment\b/, 'The first comment')
      // "mediaItems: a pin needs…" says the media; "mediaItems[1]" is the second file.
      .replace(/^mediaItems:\s*(.)/, (_m, c: string) => c.toUpperCase())
      .replace(/\bmediaItems\[(\d+)\]/g, (_m, i) => `Media ${Number(i) + 1}`)
      .replace(/\bmediaItems\b/g, 'media')
      .replace(ISO, (at) => formatTime(at))
      // An id means nothing to a person; the account is named where the message is shown.
      .replace(/\b(?:account|Integration) "?int_[A-Za-z0-9_]+"?(?: \(([a-z]+)\))?/g, (_m, p) =>
        p ? `the ${platformName(p)} account` : 'the account',
      )
      .replace(/\bint_[A-Za-z0-9_]+/g, 'the account')
      .replace(
        /\s*\(?(?:with )?GET \/v1\/connect\/([a-z]+)\)?/g,
        (_m, p) => ` on the Accounts page (Reconnect ${platformName(p)})`,
      )
  );
}
