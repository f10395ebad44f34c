// Lets TypeScript accept the stylesheet import that Vite bundles.
declare module '*.css';
