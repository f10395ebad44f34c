/**
 * The target's board, checked before anything is uploaded: `GET /v5/boards/{id}`.
 * A board Pinterest does not find (or will not show: another user's secret board)
 * and a board owned by another user are permanent failures that say which board
 * and where to find valid ones, rather than Pinterest's bare answer to the create
 * after a video was uploaded for nothing. The owner is compared with the token's
 * own account as Pinterest names it now (`GET /v5/user_account`), not with the
 * username saved at connect time: Pinterest usernames can be changed.
 */
import { PlatformError } from '../contract.ts';
import { pick, str } from '../shared/http.ts';
import { type ApiTarget, pinterestCall } from './account.ts';

const HINT = 'choose one of GET /v1/pinterest/boards';

export async function checkBoard(t: ApiTarget, boardId: string | undefined): Promise<string> {
  if (!boardId) throw new PlatformError('permanent', `Pinterest: platformSpecificData.boardId is required`);
  if (!/^\d+$/.test(boardId))
    throw new PlatformError('permanent', `Pinterest: board "${boardId}" is not a board id (${HINT})`);
  let board: unknown;
  try {
    board = (await pinterestCall(t, `boards/${boardId}`, { what: 'Pinterest: read board' })).json;
  } catch (err) {
    if (err instanceof PlatformError && (err.status === 404 || err.status === 403))
      throw new PlatformError(
        'permanent',
        `Pinterest: board ${boardId} was not found on this account (${err.message.replace(/^Pinterest: /, '')}); ${HINT}`,
        { status: err.status, ...(err.platformCode ? { platformCode: err.platformCode } : {}) },
      );
    throw err;
  }
  const owner = str(pick(board, 'owner'), 'username');
  if (!owner) return boardId;
  const account = await pinterestCall(t, 'user_account', { what: 'Pinterest: read the account' });
  const me = str(account.json, 'username');
  if (me && owner.toLowerCase() !== me.toLowerCase())
    throw new PlatformError(
      'permanent',
      `Pinterest: board ${boardId} belongs to ${owner}, not to this account (${me}); ${HINT}`,
    );
  return boardId;
}
