/**
 * An account the platform does not let publish through its API (a Google Business
 * location of a chain: `metadata.canOperateLocalPost` is false) carries the reason
 * in its metadata under `publishRefusal`. The platform's auth module writes it when
 * the account is connected (`listAccounts`) and again at each token refresh
 * (`refreshFacts`); a post for such an account is refused when it is created, with
 * that reason, instead of failing at publish time. The integration shows it in
 * `platformMetadata`.
 */

/** The metadata key holding why the platform refuses posts from the account. */
export const PUBLISH_REFUSAL = 'publishRefusal';

/**
 * The reason in an integration's stored metadata (JSON text), or null. Most
 * accounts have none, so the text is parsed only when the key appears in it.
 */
export function publishRefusalOf(metadataText: string | null | undefined): string | null {
  if (!metadataText?.includes(`"${PUBLISH_REFUSAL}"`)) return null;
  try {
    const reason = (JSON.parse(metadataText) as Record<string, unknown>)[PUBLISH_REFUSAL];
    return typeof reason === 'string' && reason.length > 0 ? reason : null;
  } catch {
    return null;
  }
}
