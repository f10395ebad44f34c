/** Types of src/node-check.js (plain JavaScript so that any Node can run it). */
export declare const MINIMUM_NODE: string;
export declare function nodeVersionProblem(version: string): string | null;
