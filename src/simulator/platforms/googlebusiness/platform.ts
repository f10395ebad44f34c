/** Google Business Profile (three Google API hosts under one prefix) with Google OAuth. */
import type { PlatformProfile } from '../../core/profile.ts';
import { googleUnauthorized } from '../_shared/google.ts';
import { quotaExceeded } from './errors.ts';

const address = (locality: string) => ({
  regionCode: 'US',
  locality,
  postalCode: '94105',
  addressLines: ['1 Sim Street'],
});

export const profile: PlatformProfile = {
  name: 'googlebusiness',
  title: 'Google Business Profile',
  hosts: [
    'https://accounts.google.com',
    'https://oauth2.googleapis.com',
    'https://mybusinessaccountmanagement.googleapis.com',
    'https://mybusinessbusinessinformation.googleapis.com',
    'https://mybusiness.googleapis.com',
  ],
  tokenPolicy: {
    accessTtlSec: 3599,
    issueRefresh: true,
    refreshTtlSec: null,
    rotateRefresh: false,
    refreshFixedExpiry: false,
    refreshReuseGraceSec: 0,
    codeTtlSec: 600,
    pkce: 'optional',
  },
  seedAccounts: () => [
    {
      platform: 'googlebusiness',
      id: '110000000000000000002',
      username: 'sim.business@sim.invalid',
      name: 'Sim Business Owner',
      avatarUrl: 'https://lh3.googleusercontent.invalid/sim-gbp.jpg',
      email: 'sim.business@sim.invalid',
      businessAccounts: [
        {
          name: 'accounts/100000000000000000001',
          accountName: 'Sim Business',
          type: 'PERSONAL',
          role: 'PRIMARY_OWNER',
          locations: [
            {
              name: 'locations/1000000000000000001',
              title: 'Sim Cafe',
              canOperateLocalPost: true,
              address: address('San Francisco'),
            },
            {
              name: 'locations/1000000000000000002',
              title: 'Sim Bakery',
              canOperateLocalPost: true,
              address: address('Oakland'),
            },
          ],
        },
        {
          name: 'accounts/100000000000000000002',
          accountName: 'Sim Group',
          type: 'LOCATION_GROUP',
          role: 'MANAGER',
          locations: [
            {
              name: 'locations/1000000000000000003',
              title: 'Sim Chain Store',
              canOperateLocalPost: false,
              address: address('San Jose'),
            },
          ],
        },
      ],
    },
  ],
  unauthorized: () => googleUnauthorized(false),
  // 300 requests per minute per project once approved; no Retry-After header.
  rateLimited: () => quotaExceeded(),
};
