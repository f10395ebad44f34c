/**
 * Planning from the command line (through the API, like the other user commands):
 *   queue show [--profile P]                 the weekly slots and the next free ones
 *   queue set --timezone TZ --slot "monday 09:00"... [--profile P] [--paused]
 *   post schedule POST_ID (--at TIME [--timezone TZ] | --queue | --now)   schedule a draft
 *   series show|pause|resume|end SERIES_ID
 */
import type { Command } from 'commander';
import { AppError } from '../errors.ts';
import { type ApiOptions, apiClient, output } from './api-client.ts';
import { withApi } from './user-commands.ts';

interface QueueView {
  profileId: string | null;
  timezone: string;
  slots: { day: string; time: string }[];
  paused: boolean;
}

interface SeriesView {
  seriesId: string;
  status: string;
  statusReason: string | null;
  nextAt: string | null;
  occurrences: { postId: string; index: number; status: string; scheduledFor: string | null }[];
}

const profileQuery = (profile?: string) => (profile ? `?profileId=${encodeURIComponent(profile)}` : '');

function slotOf(text: string): { day: string; time: string } {
  const m = /^\s*([a-z]+)\s+(\d{2}:\d{2})\s*$/i.exec(text);
  if (!m)
    throw new AppError('invalid', `--slot "${text}" is not a weekday and a time such as "monday 09:00"`);
  return { day: (m[1] as string).toLowerCase(), time: m[2] as string };
}

const queueText = (q: QueueView, free: { local: string; day: string }[]) =>
  [
    `Queue of ${q.profileId ? `profile ${q.profileId}` : 'the project (accounts without a profile)'}, ${q.timezone}${q.paused ? ' (paused)' : ''}`,
    ...(q.slots.length
      ? q.slots.map((s) => `  ${s.day} ${s.time}`)
      : ['  no slots yet: set them with queue set']),
    ...(free.length ? ['Next free slots:', ...free.map((f) => `  ${f.day} ${f.local}`)] : []),
  ].join('\n');

const seriesText = (s: SeriesView) =>
  [
    `Series ${s.seriesId}: ${s.status}${s.statusReason ? ` (${s.statusReason})` : ''}${s.nextAt ? `, next ${s.nextAt}` : ''}`,
    ...s.occurrences.map((o) => `  #${o.index + 1} ${o.postId}  ${o.status}  ${o.scheduledFor ?? ''}`),
  ].join('\n');

export function registerPlanningCommands(program: Command): void {
  const queue = program.command('queue').description('Posting queues: weekly time slots per profile');
  withApi(
    queue.command('show').description('Show a queue and its next free slots').option('--profile <profileId>'),
  ).action(async (o: ApiOptions & { profile?: string }) => {
    const api = apiClient(o);
    const { queue: q } = await api<{ queue: QueueView }>('GET', `/v1/queue${profileQuery(o.profile)}`);
    const sep = o.profile ? '&' : '?';
    const { slots } = await api<{ slots: { local: string; day: string }[] }>(
      'GET',
      `/v1/queue/slots${profileQuery(o.profile)}${sep}count=5`,
    );
    output(o.json, { queue: q, freeSlots: slots }, queueText(q, slots));
  });
  withApi(
    queue
      .command('set')
      .description('Replace a queue’s weekly slots (posts already queued keep their times)')
      .requiredOption('--timezone <tz>', 'IANA time zone of the slot times')
      .option('--slot <slot...>', 'a weekday and a time, e.g. "monday 09:00"')
      .option('--profile <profileId>')
      .option('--paused', 'take no new posts until set again without --paused'),
  ).action(
    async (o: ApiOptions & { timezone: string; slot?: string[]; profile?: string; paused?: boolean }) => {
      const body = { timezone: o.timezone, slots: (o.slot ?? []).map(slotOf), paused: o.paused === true };
      const res = await apiClient(o)<{ queue: QueueView; message: string }>(
        'PUT',
        `/v1/queue${profileQuery(o.profile)}`,
        body,
      );
      output(o.json, res, `${queueText(res.queue, [])}\n${res.message}`);
    },
  );

  const post = program.commands.find((c) => c.name() === 'post');
  if (!post) throw new Error('the post commands are registered first');
  withApi(
    post
      .command('schedule')
      .description('Schedule a draft: now, at a time, or in the next queue slot')
      .argument('<postId>')
      .option('--at <time>', 'ISO 8601 time (without offset: read in --timezone)')
      .option('--timezone <tz>', 'IANA time zone of --at')
      .option('--queue', 'take the next free queue slot')
      .option('--now', 'publish now'),
  ).action(
    async (
      postId: string,
      o: ApiOptions & { at?: string; timezone?: string; queue?: boolean; now?: boolean },
    ) => {
      const body = {
        ...(o.at ? { scheduledFor: o.at } : {}),
        ...(o.timezone ? { timezone: o.timezone } : {}),
        ...(o.queue ? { queue: true } : {}),
        ...(o.now ? { publishNow: true } : {}),
      };
      const res = await apiClient(o)<{ postId: string; status: string; scheduledFor?: string }>(
        'POST',
        `/v1/posts/${encodeURIComponent(postId)}/schedule`,
        body,
      );
      output(
        o.json,
        res,
        `Post ${res.postId}: ${res.status}${res.scheduledFor ? ` for ${res.scheduledFor}` : ''}`,
      );
    },
  );

  const series = program.command('series').description('Recurring series');
  const act = (name: string, description: string, call: (id: string) => [string, unknown?]) =>
    withApi(series.command(name).description(description).argument('<seriesId>')).action(
      async (id: string, o: ApiOptions) => {
        const [method, body] = call(id);
        const path = `/v1/series/${encodeURIComponent(id)}`;
        const api = apiClient(o);
        if (method === 'DELETE') {
          const res = await api<{ message: string }>('DELETE', path);
          output(o.json, res, res.message);
          return;
        }
        const res = await api<{ series: SeriesView }>(method as 'GET', path, body);
        output(o.json, res.series, seriesText(res.series));
      },
    );
  act('show', 'Show a series, its occurrences and the next time', () => ['GET']);
  act('pause', 'Create no further occurrences until resumed', () => ['PATCH', { paused: true }]);
  act('resume', 'Go on creating occurrences', () => ['PATCH', { paused: false }]);
  act('end', 'End a series; its waiting occurrence is cancelled and refunded', () => ['DELETE']);
}
