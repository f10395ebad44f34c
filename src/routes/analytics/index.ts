import { accountInsights, demographics } from './instagram.ts';
import posts from './posts.ts';

export default [posts, demographics, accountInsights];
