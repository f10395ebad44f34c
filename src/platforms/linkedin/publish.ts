/**
 * Publishing to LinkedIn (Posts API) as resumable steps: upload the media once
 * (their URNs checkpointed), then `beginCreate` and `POST /rest/posts`; the new
 * post's URN comes back in the `x-restli-id` header.
 */
import { PlatformError, type PublishContext, type Published } from '../contract.ts';
import { type PlatformResponse, platformCall } from '../shared/http.ts';
import { disposeAll, stageAll } from '../shared/media.ts';
import { authorUrn, linkedinHeaders, linkedinPostUrl } from './account.ts';
import { type Mention, toCommentary } from './commentary.ts';
import { readLinkedInError } from './errors.ts';
import { uploadToLinkedIn } from './media.ts';

export interface LinkedInOptions {
  visibility?: 'PUBLIC' | 'CONNECTIONS';
  mentions?: Mention[];
  articleUrl?: string;
  articleTitle?: string;
  articleDescription?: string;
  documentTitle?: string;
}

export interface LinkedInCheckpoint {
  mediaUrns?: string[];
}

export const linkedinOptions = (d: Record<string, unknown>) => d as LinkedInOptions;

/** The POST /rest/posts body. */
export function postBody(ctx: Pick<PublishContext, 'target' | 'account'>, mediaUrns: string[]) {
  const opts = linkedinOptions(ctx.target.platformSpecificData);
  const body: Record<string, unknown> = {
    author: authorUrn(ctx.account),
    commentary: toCommentary(ctx.target.content, opts.mentions),
    visibility: opts.visibility ?? 'PUBLIC',
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
  };
  const items = ctx.target.mediaItems;
  if (mediaUrns.length > 1) {
    body.content = { multiImage: { images: mediaUrns.map((id) => ({ id })) } };
  } else if (mediaUrns[0]) {
    const isDocument = items[0]?.type === 'document';
    body.content = {
      media: {
        id: mediaUrns[0],
        ...(isDocument ? { title: opts.documentTitle ?? items[0]?.filename ?? 'Document' } : {}),
      },
    };
  } else if (opts.articleUrl) {
    const article: Record<string, string> = {
      source: opts.articleUrl,
      title: opts.articleTitle ?? opts.articleUrl,
    };
    if (opts.articleDescription) article.description = opts.articleDescription;
    body.content = { article };
  }
  return body;
}

export function createPost(ctx: PublishContext, body: Record<string, unknown>): Promise<PlatformResponse> {
  return platformCall({
    url: `${ctx.baseUrl}/rest/posts`,
    headers: linkedinHeaders(ctx.account, ctx.apiVersion),
    json: body,
    signal: ctx.signal,
    createCall: true,
    what: 'LinkedIn: create post',
    readError: (r) => readLinkedInError(r),
  });
}

export function urnOf(res: PlatformResponse): string {
  const urn = res.headers.get('x-restli-id');
  if (!urn) throw new PlatformError('unknown_outcome', 'LinkedIn: create post answered without x-restli-id');
  return decodeURIComponent(urn);
}

export async function publishToLinkedIn(ctx: PublishContext): Promise<Published> {
  const cp = ctx.checkpoint as LinkedInCheckpoint;
  let mediaUrns = cp.mediaUrns;
  if (!mediaUrns) {
    mediaUrns = await uploadAll(ctx);
    // Uploaded URNs are kept so a retry does not upload again; a text post has none to keep.
    if (mediaUrns.length > 0) await ctx.saveCheckpoint({ mediaUrns });
  }
  await ctx.beginCreate();
  const urn = urnOf(await createPost(ctx, postBody(ctx, mediaUrns)));
  return { state: 'published', platformPostId: urn, platformPostUrl: linkedinPostUrl(urn) };
}

async function uploadAll(ctx: PublishContext): Promise<string[]> {
  if (!ctx.target.mediaItems.length) return [];
  const staged = await stageAll(ctx.media, ctx.target.mediaItems, ctx.signal);
  try {
    const urns: string[] = [];
    const up = {
      baseUrl: ctx.baseUrl,
      apiVersion: ctx.apiVersion,
      account: ctx.account,
      signal: ctx.signal,
      owner: authorUrn(ctx.account),
      platformUrls: ctx.platformUrls,
    };
    for (const s of staged) urns.push(await uploadToLinkedIn(up, s));
    return urns;
  } finally {
    await disposeAll(staged);
  }
}
