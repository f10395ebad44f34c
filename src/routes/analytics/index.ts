import bestTimes from './best-times.ts';
import exportCsv from './export.ts';
import accountHistory from './history-account.ts';
import postHistory from './history-post.ts';
import { accountInsights, demographics } from './instagram.ts';
import posts from './posts.ts';
import summary from './summary.ts';

export default [
  posts,
  demographics,
  accountInsights,
  accountHistory,
  postHistory,
  summary,
  bestTimes,
  exportCsv,
];
