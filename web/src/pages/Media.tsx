// The media editor lives in media/Media.tsx; Compose and its parts still import it from
// this path, which re-exports it until they import it from there.
export { MediaEditor, type MediaRow } from './media/Media.tsx';
