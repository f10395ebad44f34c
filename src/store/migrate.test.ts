import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isOtherSchemaGone } from './migrate.ts';

describe('a migration run that met another schema being dropped', () => {
  const error = (message: string) => new Error(message);
  it('is tried again when PostgreSQL names another schema or a table of another schema', () => {
    assert.equal(isOtherSchemaGone(error('schema "t_1_aa" does not exist'), 't_2_bb'), true);
    assert.equal(
      isOtherSchemaGone(error('relation "t_1_aa.security_counters" does not exist'), 't_2_bb'),
      true,
    );
  });
  it('is not when the missing schema or table is its own, or unqualified', () => {
    assert.equal(isOtherSchemaGone(error('schema "t_2_bb" does not exist'), 't_2_bb'), false);
    assert.equal(isOtherSchemaGone(error('relation "t_2_bb.outbox" does not exist'), 't_2_bb'), false);
    assert.equal(isOtherSchemaGone(error('relation "outbox" does not exist'), 't_2_bb'), false);
    assert.equal(isOtherSchemaGone(error('syntax error at or near "tabel"'), 't_2_bb'), false);
  });
});
