/**
 * Pinterest boards of the connected account (`GET /v5/boards`): the boards it owns
 * and the group boards it collaborates on, the values of PinterestConfigurations.boardId.
 * Read by the boards lookup (GET /v1/pinterest/boards) and by the publisher's board check.
 */
import type { AuthEnv } from '../auth-types.ts';
import type { Board } from '../module.ts';
import { accountCall } from '../shared/account-call.ts';
import { arr, optStr, str } from '../shared/json.ts';

/** The shape every module's `boards` lookup answers (module.ts). */
export type PinterestBoard = Board;

/** Pages of 250 boards followed before stopping. */
const MAX_PAGES = 10;
export const BOARDS_PAGE_SIZE = '250';

/**
 * Every board, page after page (`bookmark`), through `page` (which answers the
 * JSON of one `GET /v5/boards`); `complete` is false when MAX_PAGES did not reach the end.
 */
export async function readBoards(
  page: (bookmark: string | undefined) => Promise<unknown>,
): Promise<{ boards: PinterestBoard[]; complete: boolean }> {
  const boards: PinterestBoard[] = [];
  let bookmark: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const answer = await page(bookmark);
    for (const item of arr(answer, 'items')) {
      boards.push({
        id: str(item, 'id', 'Pinterest board'),
        name: optStr(item, 'name') ?? '',
        description: optStr(item, 'description'),
        privacy: optStr(item, 'privacy'),
      });
    }
    bookmark = optStr(answer, 'bookmark') ?? undefined;
    if (!bookmark) return { boards, complete: true };
  }
  return { boards, complete: false };
}

export async function listPinterestBoards(env: AuthEnv, accessToken: string): Promise<PinterestBoard[]> {
  const read = await readBoards((bookmark) =>
    accountCall(env, env.url('api', '/v5/boards'), {
      bearer: accessToken,
      query: { page_size: BOARDS_PAGE_SIZE, bookmark },
    }),
  );
  return read.boards;
}
