/** The nine metric keys and engagementRate as documented on GET /v1/analytics/. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aggregateValues, engagementRateOf, METRIC_KEYS, metricValues } from './metric-values.ts';

describe('metric values', () => {
  it('has every key, null where the platform does not count it, all null without metrics', () => {
    const m = metricValues({ impressions: 200, likes: 10 });
    assert.deepEqual(Object.keys(m).sort(), [...METRIC_KEYS].sort());
    assert.equal(m.reach, null);
    assert.equal(m.views, null);
    assert.deepEqual(
      Object.values(metricValues(null)),
      METRIC_KEYS.map(() => null),
    );
  });

  it('rates engagement over reach, over impressions where reach is not counted, capped at 1', () => {
    assert.equal(
      engagementRateOf({ reach: 100, impressions: 1000, likes: 5, comments: 3, shares: 1, saves: 1 }),
      0.1,
    );
    assert.equal(engagementRateOf({ impressions: 400, likes: 10 }), 0.025);
    assert.equal(engagementRateOf({ reach: 0, impressions: 50, likes: 5 }), 0.1, 'a reach of 0 is no base');
    assert.equal(engagementRateOf({ reach: 3, likes: 10 }), 1);
    assert.equal(engagementRateOf({ likes: 10 }), null, 'no base');
    assert.equal(engagementRateOf({ reach: 100, clicks: 4 }), null, 'no interaction counted');
    assert.equal(engagementRateOf({ reach: 3000, likes: 1 }), 0.0003);
  });

  it('aggregates each key over the platforms, and the rate over the bases of the platforms that have one', () => {
    const x = metricValues({ impressions: 1000, likes: 40, comments: 5, shares: 5, saves: 0 });
    const facebook = metricValues({
      impressions: 900,
      reach: 500,
      likes: 20,
      comments: 5,
      shares: 0,
      clicks: 7,
    });
    const gbp = metricValues(null);
    const all = aggregateValues([x, facebook, gbp]);
    assert.equal(all.impressions, 1900);
    assert.equal(all.reach, 500, 'only Facebook counts reach');
    assert.equal(all.saves, 0);
    assert.equal(all.views, null, 'no platform counts views');
    assert.equal(all.clicks, 7);
    // (50 + 25) / (1000 impressions of X + 500 reach of Facebook)
    assert.equal(all.engagementRate, 0.05);
    assert.equal(aggregateValues([gbp]).engagementRate, null);
  });
});
