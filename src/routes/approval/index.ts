import approve from './approve.ts';
import notesCreate from './notes-create.ts';
import notesDelete from './notes-delete.ts';
import notesList from './notes-list.ts';
import pendingEdit from './pending-edit.ts';
import queue from './queue.ts';
import reject from './reject.ts';
import reviewDecide from './review-decide.ts';
import reviewLinksCreate from './review-links-create.ts';
import reviewLinksList from './review-links-list.ts';
import reviewLinksRevoke from './review-links-revoke.ts';
import reviewRead from './review-read.ts';
import settingsRead from './settings-read.ts';
import settingsUpdate from './settings-update.ts';

export default [
  settingsRead,
  settingsUpdate,
  queue,
  approve,
  pendingEdit,
  reject,
  notesList,
  notesCreate,
  notesDelete,
  reviewLinksCreate,
  reviewLinksList,
  reviewLinksRevoke,
  reviewRead,
  reviewDecide,
];
