/** YouTube Data API `GET /youtube/v3/channels?mine=true` (www.googleapis.com). */
import { authOf, json } from '../../core/http.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { googleError } from '../_shared/google.ts';

export const register = (r: SimRouter, _sim: Simulator): void => {
  r.get(
    '/youtube/v3/channels',
    (req) => {
      if (!req.query['part']) {
        return googleError(
          400,
          'INVALID_ARGUMENT',
          'No filter selected. Expected one of: mySubscribers, forUsername, mine, managedByMe, categoryId, id, forHandle',
          [
            {
              message: 'Required parameter: part',
              domain: 'global',
              reason: 'required',
              location: 'part',
              locationType: 'parameter',
            },
          ],
        );
      }
      const a = authOf(req).account;
      const ch = a.channel;
      const items =
        req.query['mine'] === 'true' && ch
          ? [
              {
                kind: 'youtube#channel',
                etag: `etag-${ch.id}`,
                id: ch.id,
                snippet: {
                  title: ch.title,
                  description: '',
                  customUrl: ch.customUrl,
                  publishedAt: '2020-01-01T00:00:00Z',
                  thumbnails: {
                    default: { url: ch.thumbnailUrl, width: 88, height: 88 },
                    medium: { url: ch.thumbnailUrl, width: 240, height: 240 },
                    high: { url: ch.thumbnailUrl, width: 800, height: 800 },
                  },
                },
                statistics: {
                  viewCount: '0',
                  subscriberCount: String(a.followersCount ?? 0),
                  hiddenSubscriberCount: false,
                  videoCount: '0',
                },
              },
            ]
          : [];
      return json(200, {
        kind: 'youtube#channelListResponse',
        etag: 'etag-list',
        pageInfo: { totalResults: items.length, resultsPerPage: 5 },
        ...(items.length ? { items } : {}),
      });
    },
    { auth: true },
  );
};
