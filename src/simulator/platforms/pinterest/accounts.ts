/**
 * Pinterest `GET /v5/user_account` and `GET /v5/boards` (bookmark pagination): the
 * boards the user owns, then the group boards where the user is a collaborator.
 */
import { authOf, json } from '../../core/http.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get(
    '/v5/user_account',
    (req) => {
      const a = authOf(req).account;
      return json(200, {
        account_type: a.accountType ?? 'BUSINESS',
        id: a.id,
        username: a.username,
        profile_image: a.avatarUrl,
        website_url: '',
        business_name: a.name,
        board_count: a.boards?.length ?? 0,
        pin_count: 0,
        follower_count: a.followersCount ?? 0,
        following_count: 0,
        monthly_views: 0,
      });
    },
    { auth: true },
  );

  r.get(
    '/v5/boards',
    (req) => {
      const a = authOf(req).account;
      const size = Math.min(Math.max(Number(req.query['page_size'] ?? '25') || 25, 1), 250);
      const start = Number(req.query['bookmark'] ?? '0') || 0;
      const all = [
        ...(a.boards ?? []).map((board) => ({ board, owner: a })),
        ...sim.state
          .accountsOf('pinterest')
          .filter((o) => o.id !== a.id)
          .flatMap((o) =>
            (o.boards ?? [])
              .filter((b) => b.collaborators?.includes(a.id))
              .map((board) => ({ board, owner: o })),
          ),
      ];
      const items = all.slice(start, start + size).map(({ board: b, owner }) => ({
        id: b.id,
        name: b.name,
        description: b.description,
        owner: { username: owner.username },
        privacy: b.privacy,
        pin_count: 0,
        follower_count: 0,
        created_at: '2024-01-01T00:00:00',
        board_pins_modified_at: '2024-01-01T00:00:00',
      }));
      return json(200, { items, bookmark: start + size < all.length ? String(start + size) : null });
    },
    { auth: true },
  );
};
