import draftEdit from './draft-edit.ts';
import draftSchedule from './draft-schedule.ts';
import queueRead from './queue-read.ts';
import queueReplace from './queue-replace.ts';
import queueSlots from './queue-slots.ts';
import seriesDelete from './series-delete.ts';
import seriesRead from './series-read.ts';
import seriesUpdate from './series-update.ts';
import suggestedSlots from './suggested-slots.ts';

export default [
  draftEdit,
  draftSchedule,
  queueRead,
  queueReplace,
  queueSlots,
  suggestedSlots,
  seriesRead,
  seriesUpdate,
  seriesDelete,
];
