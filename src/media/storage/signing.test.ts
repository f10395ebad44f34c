import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import { createUrlSigner } from './signing.ts';

it('accepts only its own signature over exactly this upload and expiry', () => {
  const signer = createUrlSigner(randomBytes(32));
  const sig = signer.sign('media_a', 1000);
  assert.ok(signer.verify('media_a', 1000, sig));
  assert.ok(!signer.verify('media_b', 1000, sig), 'another upload');
  assert.ok(!signer.verify('media_a', 1001, sig), 'another expiry');
  assert.ok(!createUrlSigner(randomBytes(32)).verify('media_a', 1000, sig), 'another service key');
  for (const bad of ['', 'zz', sig.toUpperCase(), `${sig}00`, sig.slice(2)])
    assert.ok(!signer.verify('media_a', 1000, bad), bad);
});
