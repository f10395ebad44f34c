/** Comments (Facebook, Instagram, Threads) and direct messages (Instagram). */
import commentsCreate from './comments-create.ts';
import commentsDelete from './comments-delete.ts';
import commentsHide from './comments-hide.ts';
import commentsList from './comments-list.ts';
import messagesList from './messages-list.ts';
import messagesRead from './messages-read.ts';
import messagesSend from './messages-send.ts';

export default [
  commentsList,
  commentsCreate,
  commentsDelete,
  commentsHide,
  messagesList,
  messagesRead,
  messagesSend,
];
