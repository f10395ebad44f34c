import { accountInsights, demographics } from './instagram.ts';

export default [demographics, accountInsights];
