import { readAccountInsights, readDemographics } from '../../domain/analytics/instagram.ts';
import { defineRoute } from '../../http/route.ts';
import {
  AccountInsightsAnswer,
  AccountInsightsQuery,
  DemographicsAnswer,
  DemographicsQuery,
} from './schemas.ts';

export const demographics = defineRoute({
  method: 'GET',
  url: '/v1/analytics/instagram/demographics',
  access: 'read',
  summary: 'Audience demographics of an Instagram account',
  description:
    'Follower, engaged-audience or reached-audience demographics by age, city, country and gender ' +
    '(top 45 entries per dimension; at least 100 in the audience). 1 credit per successful call.',
  tags: ['analytics'],
  query: DemographicsQuery,
  response: { 200: DemographicsAnswer },
  errors: [402, 403, 404, 409, 502, 503],
  handler: ({ query, caller }, ctx) => readDemographics(ctx, caller, query),
});

export const accountInsights = defineRoute({
  method: 'GET',
  url: '/v1/analytics/instagram/account-insights',
  access: 'read',
  summary: 'Account-wide insights of an Instagram account',
  description:
    'Reach, views, engagement and more over at most 90 days (default the last 30), as totals ' +
    '(optionally broken down by one dimension) or daily reach. 1 credit per successful call.',
  tags: ['analytics'],
  query: AccountInsightsQuery,
  response: { 200: AccountInsightsAnswer },
  errors: [402, 403, 404, 502, 503],
  handler: ({ query, caller }, ctx) => readAccountInsights(ctx, caller, query),
});
