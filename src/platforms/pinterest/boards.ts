/** Pinterest boards of the connected account (`GET /v5/boards`), for PinterestConfigurations.boardId. */
import type { AuthEnv } from '../auth-types.ts';
import type { Board } from '../module.ts';
import { accountCall } from '../shared/account-call.ts';
import { arr, optStr, str } from '../shared/json.ts';

/** The shape every module's `boards` lookup answers (module.ts). */
export type PinterestBoard = Board;

/** Pages of 250 boards followed before stopping. */
const MAX_PAGES = 10;

export async function listPinterestBoards(env: AuthEnv, accessToken: string): Promise<PinterestBoard[]> {
  const boards: PinterestBoard[] = [];
  let bookmark: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const answer = await accountCall(env, env.url('api', '/v5/boards'), {
      bearer: accessToken,
      query: { page_size: '250', bookmark },
    });
    for (const item of arr(answer, 'items')) {
      boards.push({
        id: str(item, 'id', 'Pinterest board'),
        name: optStr(item, 'name') ?? '',
        description: optStr(item, 'description'),
        privacy: optStr(item, 'privacy'),
      });
    }
    bookmark = optStr(answer, 'bookmark') ?? undefined;
    if (!bookmark) break;
  }
  return boards;
}
