/**
 * Google Business Profile's photo rules, from the photo guidelines
 * (https://support.google.com/business/answer/6103862): JPEG or PNG, 10 KB to
 * 5 MB, at least 250×250 px. Local posts take no video.
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
