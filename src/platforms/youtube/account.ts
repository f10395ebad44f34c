/**
 * What the YouTube publisher reads from the connected account: only the access
 * token (the channel is the token's; `platformUserId` is the channel id), and the
 * video URL as YouTube builds it. `watch?v=` works for Shorts too (YouTube sends
 * it on to `/shorts/{id}`), and whether a video is a Short is YouTube's call.
 */
import type { AccountCredentials } from '../contract.ts';

export const authHeader = (account: AccountCredentials) => ({
  authorization: `Bearer ${account.accessToken}`,
});

export const videoUrl = (id: string): string => `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
