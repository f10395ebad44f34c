/**
 * Google Business Profile's photo rules, from the photo guidelines
 * (https://support.google.com/business/answer/6103862): JPEG or PNG, at most 5 MB,
 * at least 250×250 px. The same page asks for at least 10 KB; no refusal of a
 * smaller file is documented for the API (the local posts reference,
 * https://developers.google.com/my-business/reference/rest/v4/accounts.locations.localPosts,
 * names only the failed fetch, code 1000), and a file that small is one a
 * converter would have to inflate, so the floor is not held here. Local posts take
 * no video (the guidelines' profile videos, 30 s and 75 MB, are not post media).
 */
import { MEGABYTE, type PlatformMediaRules } from '../../media/rules.ts';

export const googlebusinessMediaRules: PlatformMediaRules = {
  formats: {
    photo: {
      title: 'Google Business post photos',
      doc: 'https://support.google.com/business/answer/6103862',
      image: {
        formats: ['image/jpeg', 'image/png'],
        maxBytes: 5 * MEGABYTE,
        width: { min: 250 },
        height: { min: 250 },
      },
    },
  },
  formatOf: ({ kind }) => (kind === 'image' ? 'photo' : null),
};
