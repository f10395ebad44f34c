/**
 * What the engagement tests share: the service and the simulator in process, and
 * simulator accounts of Facebook (a Page, with its Page token), Instagram and
 * Threads connected as integrations of the test project with the permissions a
 * real connection grants.
 */
import type { SettingName } from '../../src/config.ts';
import type { Platform } from '../../src/platforms/names.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import type { Dialect } from '../../src/store/db.ts';
import { insertIntegration } from '../fake-adapter.ts';
import { startTestService, type TestService } from '../harness.ts';

export const FB_USER = '10000000000000001';
export const FB_PAGE = '200000000000001';
export const IG_USER = '17841400000000001';
export const THREADS_USER = '25000000000000001';

export const SCOPES: Record<'facebook' | 'instagram' | 'threads', string[]> = {
  facebook: [
    'pages_show_list',
    'pages_read_engagement',
    'pages_read_user_content',
    'pages_manage_engagement',
  ],
  instagram: [
    'instagram_business_basic',
    'instagram_business_manage_comments',
    'instagram_business_manage_messages',
  ],
  threads: ['threads_basic', 'threads_read_replies', 'threads_manage_replies'],
};

export interface EngagementEnv {
  sim: Simulator;
  t: TestService;
  /** Integration ids by platform. */
  ids: Record<'facebook' | 'instagram' | 'threads', string>;
  /** Connects another integration of `platform` with these scopes (recorded on the integration too when `record`). */
  connect(
    platform: 'facebook' | 'instagram' | 'threads',
    scopes: string[],
    record?: boolean,
  ): Promise<string>;
  close(): Promise<void>;
}

export async function startEngagementEnv(
  dialect: Dialect,
  options: { settings?: Partial<Record<SettingName, string>>; listen?: boolean } = {},
): Promise<EngagementEnv> {
  const sim = await startSimulator();
  const t = await startTestService(dialect, {
    settings: { SIMULATOR_URL: sim.url, ...options.settings },
    ...(options.listen ? { listen: true } : {}),
  });
  let extra = 0;
  const connect = async (
    platform: 'facebook' | 'instagram' | 'threads',
    scopes: string[],
    record = false,
    seeded = false,
  ): Promise<string> => {
    const facebook = platform === 'facebook';
    // Another integration of the same platform needs an account of its own (one integration per account).
    let user = facebook ? FB_USER : platform === 'instagram' ? IG_USER : THREADS_USER;
    let page = FB_PAGE;
    if (!seeded) {
      extra++;
      user = `${facebook ? '1000000000009' : platform === 'instagram' ? '1784140000009' : '2500000000009'}${String(extra).padStart(4, '0')}`;
      page = `2000000000090${String(extra).padStart(2, '0')}`;
      sim.addAccount(platform, {
        id: user,
        ...(facebook
          ? {
              pages: [
                {
                  id: page,
                  name: `Page ${extra}`,
                  category: 'Cafe',
                  tasks: ['MODERATE'],
                  pictureUrl: 'https://sim.invalid/p.png',
                },
              ],
            }
          : {}),
      });
    }
    const { accessToken } = sim.issueTokens(platform, {
      accountId: user,
      ...(facebook ? { pageId: page } : {}),
      scopes,
      ttlSec: null,
    });
    const id = await insertIntegration(t.ctx, t.projectId, platform as Platform, {
      token: accessToken,
      platformUserId: facebook ? page : user,
    });
    if (record)
      await t.ctx.store.db
        .updateTable('integrations')
        .set({ scopes: JSON.stringify(scopes) })
        .where('id', '=', id)
        .execute();
    return id;
  };
  const ids = {
    facebook: await connect('facebook', SCOPES.facebook, true, true),
    instagram: await connect('instagram', SCOPES.instagram, true, true),
    threads: await connect('threads', SCOPES.threads, true, true),
  };
  return {
    sim,
    t,
    ids,
    connect,
    async close() {
      await t.close();
      await sim.close();
    },
  };
}

let seq = 0;

/** A post of the account on the simulator (as if published before); answers its platform id. */
export function simPost(
  sim: Simulator,
  platform: 'facebook' | 'instagram' | 'threads',
  text = 'A post',
): string {
  seq++;
  const id =
    platform === 'facebook'
      ? `${FB_PAGE}_${9000000000000000 + seq}`
      : `${platform === 'instagram' ? '1789' : '1800'}${String(Date.now()).slice(-9)}${String(seq).padStart(4, '0')}`;
  const account = platform === 'facebook' ? FB_PAGE : platform === 'instagram' ? IG_USER : THREADS_USER;
  sim.state.createPost(
    platform,
    account,
    platform === 'instagram' ? { caption: text } : { text, message: text },
    {
      id,
      kind: platform === 'facebook' ? 'feed' : platform === 'instagram' ? 'IMAGE' : 'TEXT',
    },
  );
  return id;
}

export const q = (params: Record<string, string | number | undefined>): string =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
