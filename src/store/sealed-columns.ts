/**
 * How an area declares its sealed columns beside its row types (gathered in
 * ./sealed.ts, which says what the forms mean). Apart from sealed.ts so that the
 * table files can use it without an import cycle.
 */

export type SealedForm = 'value' | 'json';

/**
 * An area's declaration: table → column → form, checked against the row types:
 * `export const TEAMS_SEALED = { people: { totp_secret_enc: 'value' } } as const satisfies SealedColumns<TeamTables>;`
 */
export type SealedColumns<Tables> = {
  readonly [T in keyof Tables]?: { readonly [C in keyof Tables[T]]?: SealedForm };
};
