// The time a post asks for, in words ("Sat 5 Dec, 10:00"), from the form's wall clock
// in its zone (the zone is named when it is not the browser's), and what sending it
// for approval means ("Sent for approval; it goes out … once approved").
import { browserZone } from '../../ui.tsx';

export type Asked = { now: true } | { queue: true } | { at: string; timezone: string };

export function askedWords(asked: Asked): string {
  if ('now' in asked) return 'now';
  if ('queue' in asked) return 'the next free queue slot';
  const wall = new Date(`${asked.at}:00Z`);
  if (Number.isNaN(wall.getTime())) return asked.at;
  const words = new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(wall);
  return asked.timezone === browserZone ? words : `${words} (${asked.timezone})`;
}

export function sentForApprovalWords(asked: Asked): string {
  if ('now' in asked) return 'Sent for approval; it goes out as soon as it is approved.';
  if ('queue' in asked) return 'Sent for approval; it takes the next free queue slot once approved.';
  return `Sent for approval; it goes out ${askedWords(asked)} once approved.`;
}
