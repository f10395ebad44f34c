// Reddit's options (RedditConfigurations) in the words Reddit's own posting form uses.
// The subreddit and the title are required on every Reddit post; the form marks them
// so from the schema, and the subreddit has its own input (SubredditInput.tsx).

export const REDDIT_OPTION_LABELS: Record<string, string> = {
  subreddit: 'Subreddit',
  url: 'Link (makes a link post)',
  flairId: 'Flair template ID',
  flairText: 'Flair text',
  nsfw: 'NSFW (over 18)',
  spoiler: 'Spoiler',
  sendReplies: 'Send replies to the inbox',
};

export const REDDIT_OPTION_HINTS: Record<string, string> = {
  subreddit:
    'Required: the community to post in, without "r/". Its own rules (post types, flair, title length) are checked when you publish.',
  flairId: 'Some subreddits require a flair: its template ID, from the subreddit’s flair settings.',
};

/** A typed "r/name" or "/r/name" is the subreddit "name". */
export const subredditName = (typed: string): string => typed.trim().replace(/^\/?r\//i, '');
