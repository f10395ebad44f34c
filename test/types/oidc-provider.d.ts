/** oidc-provider ships no type declarations; the test peer uses a small typed wrapper (test/connect/oidc-peer.ts). */
declare module 'oidc-provider';
