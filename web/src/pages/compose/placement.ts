// Where each message of a validation answer (or of a 400 answer's message) belongs on
// the compose form: beside the text, the media, the time, the recurrence, or the card
// of the account it names. The API's wording is the source; the form only places it.
import { PLATFORM_LABELS, type PlatformName } from '../../api/client.ts';
import { plainMessage } from '../wording/messages.ts';

export interface ValidationAnswer {
  valid: boolean;
  problems: {
    scope: string;
    target: number | null;
    platform: string | null;
    field: string | null;
    message: string;
  }[];
}

export interface Placed {
  form: string[];
  content: string[];
  media: string[];
  schedule: string[];
  /** Of the recurrence and its variants. */
  repeat: string[];
  /** The first comment's problems, each naming its platform (its length rule differs per platform). */
  firstComment: string[];
  /** By target index: messages of the card, of its text, and of each option. */
  targets: Record<number, TargetMessages>;
}

export interface TargetMessages {
  card: string[];
  content: string[];
  options: Record<string, string[]>;
}

export const emptyPlaced = (): Placed => ({
  form: [],
  content: [],
  media: [],
  schedule: [],
  repeat: [],
  firstComment: [],
  targets: {},
});
const REPEAT_MESSAGE = /^(recurrence|variants)/;

/** Where each message of a validation answer (or of a 400 message) belongs on the form. */
export function placeMessages(
  problems: ValidationAnswer['problems'],
  targets: readonly { override: string | null }[],
): Placed {
  const out = emptyPlaced();
  for (const p of problems) {
    // Each message once, in the manager's words (option labels, local times).
    const push = (list: string[], m: string) => {
      const plain = plainMessage(m);
      if (!list.includes(plain)) list.push(plain);
    };
    if (p.scope === 'schedule') push(out.schedule, p.message);
    else if (p.target === null && REPEAT_MESSAGE.test(p.message)) push(out.repeat, p.message);
    else if (p.target === null) push(p.field === 'mediaItems' ? out.media : out.content, p.message);
    else {
      const t = out.targets[p.target] ?? { card: [], content: [], options: {} };
      out.targets[p.target] = t;
      const bare = plainMessage(p.message.replace(/^platforms\[\d+\] \([a-z]+\): /, ''));
      const option = p.field?.startsWith('platformSpecificData.') ? p.field.slice(21) : null;
      if (option) t.options[option] = [...(t.options[option] ?? []), bare];
      else if (p.field === 'firstComment')
        push(out.firstComment, `${PLATFORM_LABELS[p.platform as PlatformName] ?? p.platform}: ${bare}`);
      else if (p.field === 'content' && targets[p.target]?.override !== null) t.content.push(bare);
      // The shared text's problem is shown once, beside the text, naming the platform.
      else if (p.field === 'content')
        push(out.content, `${PLATFORM_LABELS[p.platform as PlatformName] ?? p.platform}: ${bare}`);
      else t.card.push(bare);
    }
  }
  return out;
}

/** A 400 answer's message (`a; b; c`, each naming its field) as problems to place. */
export function problemsOfMessage(message: string): ValidationAnswer['problems'] {
  return message.split('; ').map((m) => {
    const t =
      /^platforms\[(\d+)\](?: \(([a-z]+)\):)?\.?\s*(platformSpecificData(?:\.[A-Za-z]+)?|content|firstComment)?/.exec(
        m,
      );
    if (t)
      return {
        scope: 'target',
        target: Number(t[1]),
        platform: t[2] ?? null,
        field: t[3] ?? null,
        message: m,
      };
    if (/^(scheduledFor|timezone|publishNow|either publishNow|give either)/.test(m))
      return { scope: 'schedule', target: null, platform: null, field: null, message: m };
    if (REPEAT_MESSAGE.test(m))
      return { scope: 'post', target: null, platform: null, field: null, message: m };
    if (/^mediaItems/.test(m))
      return { scope: 'post', target: null, platform: null, field: 'mediaItems', message: m };
    if (/^content/.test(m))
      return { scope: 'post', target: null, platform: null, field: 'content', message: m };
    return { scope: 'form', target: null, platform: null, field: null, message: m };
  });
}

/** Whether anything placed (the text's messages only once it was touched) stops the post. */
export function hasProblems(placed: Placed, contentMessages: readonly string[]): boolean {
  return (
    placed.form.length +
      contentMessages.length +
      placed.media.length +
      placed.schedule.length +
      placed.repeat.length +
      placed.firstComment.length >
      0 ||
    Object.values(placed.targets).some(
      (t) => t.card.length + t.content.length + Object.keys(t.options).length > 0,
    )
  );
}
