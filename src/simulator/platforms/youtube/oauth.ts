/** YouTube signs in with Google OAuth (see _shared/google-oauth.ts). */
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { registerGoogleOAuth } from '../_shared/google-oauth.ts';

export const register = (r: SimRouter, sim: Simulator): void => registerGoogleOAuth(r, sim, 'youtube');
