/**
 * Not a test of the service: sixty quick synchronous tests in one suite, run by
 * test/test-runner.test.ts through `npm test` to check that the runner reports every
 * test of a file that finishes fast (a forced exit once lost the end of such a file).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

describe('sixty quick tests', () => {
  for (let i = 0; i < 60; i++) it(`quick test ${i}`, () => assert.equal(i + 1 - 1, i));
});
