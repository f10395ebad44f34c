import { simulateCommentRoute, simulateMessageRoute } from './simulate.ts';

export default [simulateCommentRoute, simulateMessageRoute];
