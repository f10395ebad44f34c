/** What platforms push to the service: the Meta webhooks callback (handshake and deliveries). */
import type { AnyRoute } from '../../http/route.ts';
import metaReceive from './meta-receive.ts';
import metaVerify from './meta-verify.ts';

export default [metaVerify, metaReceive] as AnyRoute[];
