import create from './create.ts';
import remove from './delete.ts';
import list from './list.ts';
import editPublished from './published-edit.ts';
import read from './read.ts';
import retry from './retry.ts';
import cancel from './scheduled-cancel.ts';
import edit from './scheduled-edit.ts';
import listScheduled from './scheduled-list.ts';
import reschedule from './scheduled-reschedule.ts';
import validate from './validate.ts';

export default [
  create,
  validate,
  list,
  listScheduled,
  read,
  remove,
  cancel,
  reschedule,
  edit,
  retry,
  editPublished,
];
