// Posting queues as the dashboard names them: a profile's, or the project's own for
// accounts without a profile. A queued post takes one queue's slot, so its accounts
// must all be in one profile (or all without one), as POST /v1/posts with queue: true asks.
import { api, type Integration, ok } from '../../api/client.ts';

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export interface WeeklySlot {
  day: Weekday;
  time: string;
}
export interface Profile {
  id: string;
  name: string;
}

/** The queue of a chosen set of accounts: one profile's (null: the project's own), or several. */
export type QueueOwner =
  | { one: true; profileId: string | null }
  | { one: false; profileIds: (string | null)[] };

export function queueOwnerOf(
  accountIds: readonly string[],
  integrations: readonly Integration[],
): QueueOwner {
  const byId = new Map(integrations.map((i) => [i.id, i.profileId]));
  const owners = [...new Set(accountIds.map((id) => byId.get(id) ?? null))];
  return owners.length === 1
    ? { one: true, profileId: owners[0] ?? null }
    : { one: false, profileIds: owners };
}

export const profileName = (profileId: string | null, profiles: readonly Profile[]): string =>
  profileId === null ? 'no profile' : (profiles.find((p) => p.id === profileId)?.name ?? 'another profile');

/** "the queue of Brand A", or the project's own. */
export const queueName = (profileId: string | null, profiles: readonly Profile[]): string =>
  profileId === null
    ? 'the queue of accounts without a profile'
    : `the queue of ${profileName(profileId, profiles)}`;

/** The API's query for a queue: no profileId is the project's own. */
export const queueQuery = (profileId: string | null) => (profileId === null ? {} : { profileId });

export const loadProfiles = async (): Promise<Profile[]> =>
  (await ok(api.GET('/v1/profiles', { params: { query: { page: 1, limit: 100 } } }))).profiles;

/** A slot's instant in the person's own time, as Compose and the calendar word times. */
export const slotLabel = (iso: string, timeZone?: string): string =>
  new Intl.DateTimeFormat(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
