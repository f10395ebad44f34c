/**
 * The retention declaration each table file gives for its tables (collected in
 * src/store/retention.ts): every table is either swept by a recurring job of the
 * catalog, under a rule said in words, or kept, with the reason it needs no rule.
 */
export type TableRetention =
  | {
      /** The recurring job kind that deletes its rows (src/jobs/kinds.ts). */
      sweptBy: string;
      /** Which rows go, and when. */
      rule: string;
    }
  | { kept: string };

/** One declaration per table of an area's table list, neither more nor fewer. */
export type RetentionOf<Tables> = { readonly [Name in keyof Tables]: TableRetention };
