/**
 * The LinkedIn API version every LinkedIn call sends as `LinkedIn-Version`, for
 * connecting, publishing and deleting alike. It comes from LINKEDIN_API_VERSION,
 * read once at start (createContext): LinkedIn retires a version after about a
 * year, and operators must be able to move on without a new release.
 */
import { SETTINGS } from '../../config.ts';

let current: string = SETTINGS.LINKEDIN_API_VERSION.default;

export function useLinkedInVersion(version: string): void {
  current = version;
}

export const linkedinVersion = (): string => current;
