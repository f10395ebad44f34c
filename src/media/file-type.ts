/**
 * The file-type package (with strtok3 and its tokenizers: a few dozen modules, about a
 * third of a second and 10 MB), imported when the first file's type is sniffed rather
 * than when the media and upload modules load at start: a process may never sniff one.
 * Node keeps the module once imported; later calls only await it.
 */
export const fileType = (): Promise<typeof import('file-type')> => import('file-type');
