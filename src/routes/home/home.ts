/**
 * GET / for a person who opens the service in a browser: until the dashboard is
 * served here, send them to the API reference rather than answering a JSON 404.
 * One small route on its own, so the dashboard replaces it by taking its place.
 */
import { Type } from 'typebox';
import { defineRoute } from '../../http/route.ts';

export const home = defineRoute({
  method: 'GET',
  url: '/',
  summary: 'Sends a browser to the API reference',
  tags: ['health'],
  auth: false,
  hidden: true,
  response: { 302: Type.Null() },
  handler: (input) => {
    input.reply.redirect('/docs/', 302);
  },
});

export default [home];
