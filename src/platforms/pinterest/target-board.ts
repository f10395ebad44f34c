/**
 * The target's board, checked once before anything is uploaded: it must be one
 * of the account's boards as `GET /v5/boards` lists them (owned, or a group board
 * the account collaborates on: what GET /v1/pinterest/boards offers). When it is
 * not, `GET /v5/boards/{id}` tells why for the message: Pinterest does not find
 * it (or will not show it: another user's secret board), or it is another user's.
 * Either is a permanent failure that names the board and where valid ones are,
 * rather than Pinterest's bare refusal of the create after a video was uploaded
 * for nothing. An account with more boards than the pages read is let through:
 * Pinterest's answer to the create decides.
 */
import { PlatformError } from '../contract.ts';
import { pick, str } from '../shared/json.ts';
import { type ApiTarget, pinterestCall } from './account.ts';
import { BOARDS_PAGE_SIZE, readBoards } from './boards.ts';

const HINT = 'choose one of GET /v1/pinterest/boards';

export async function checkBoard(t: ApiTarget, boardId: string | undefined): Promise<void> {
  if (!boardId) throw new PlatformError('permanent', 'Pinterest: platformSpecificData.boardId is required');
  if (!/^\d+$/.test(boardId))
    throw new PlatformError('permanent', `Pinterest: board "${boardId}" is not a board id (${HINT})`);
  const { boards, complete } = await readBoards(
    async (bookmark) =>
      (
        await pinterestCall(t, 'boards', {
          query: { page_size: BOARDS_PAGE_SIZE, bookmark },
          what: 'Pinterest: list the account boards',
        })
      ).json,
  );
  if (boards.some((b) => b.id === boardId) || !complete) return;
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
  throw new PlatformError(
    'permanent',
    owner
      ? `Pinterest: board ${boardId} belongs to ${owner}, not to this account; ${HINT}`
      : `Pinterest: board ${boardId} is not one of this account's boards; ${HINT}`,
  );
}
