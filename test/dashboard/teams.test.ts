/**
 * People in the dashboard, in Chromium against the service: the first owner
 * accepts their invitation and chooses a password, signs out, is refused with a
 * wrong password and signs in with the right one; invites an editor from the
 * Members page and copies the link; the editor accepts it and works; once
 * removed, the editor's next request is refused and the sign-in page comes back.
 */
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../harness.ts';
import { invite, PASSWORD, TEAM_SETTINGS } from '../teams/members-fixture.ts';
import {
  type Browser,
  browserSkip,
  DESKTOP,
  ensureDashboardBuilt,
  freePort,
  openBrowser,
  PHONE,
} from './browser.ts';

describe('dashboard sign-in and members in Chromium', { skip: browserSkip() }, () => {
  let t: TestService;
  let b: Browser;
  let base: string;
  before(async () => {
    ensureDashboardBuilt();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestService('sqlite', {
      listen: true,
      settings: { ...TEAM_SETTINGS, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base },
    });
    await t.request('POST', '/v1/profiles', { name: 'Acme Coffee' });
    b = await openBrowser();
  });
  after(async () => {
    await b?.close();
    await t?.close();
  });
  const page = () => b.page;

  it('the owner accepts the invitation, signs out, is refused a wrong password, signs in', async () => {
    const token = await invite(t, 'owner@example.com', 'owner');
    await page().goto(`${base}/invitation#${token}`);
    await page().getByText('owner@example.com').waitFor();
    await b.screenshot('teams-accept');
    await page()
      .getByLabel(/Choose a password/)
      .fill(PASSWORD);
    await page().getByRole('button', { name: 'Accept and sign in' }).click();
    await page().getByTestId('project').filter({ hasText: 'Project: test' }).waitFor();
    await page().getByRole('button', { name: 'Sign out' }).click();
    await page().getByLabel('E-mail').waitFor();
    await b.screenshot('teams-signin');
    await page().getByLabel('E-mail').fill('owner@example.com');
    await page().getByLabel('Password', { exact: true }).fill('not the password');
    await page().getByRole('button', { name: 'Continue' }).click();
    await page().locator('#password-messages li', { hasText: 'not right' }).waitFor();
    await b.screenshot('teams-signin-wrong');
    await page().getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page().getByRole('button', { name: 'Continue' }).click();
    await page().getByTestId('project').filter({ hasText: 'Project: test' }).waitFor();
  });

  it('invites an editor from the Members page; the editor accepts and works; removed, they are signed out', async () => {
    await page().goto(`${base}/members`);
    await page().getByRole('cell', { name: 'owner@example.com', exact: true }).waitFor();
    await page().getByLabel('E-mail').fill('editor@example.com');
    await page().getByLabel('Role', { exact: true }).selectOption('editor');
    await page().getByRole('button', { name: 'Invite' }).click();
    const link = await page().getByLabel('Invitation link (works once)').inputValue();
    await page().getByRole('cell', { name: 'editor@example.com', exact: true }).waitFor();
    await b.screenshot('teams-members');
    await page().setViewportSize(PHONE);
    await b.screenshot('teams-members');
    await page().setViewportSize(DESKTOP);

    await page().getByRole('button', { name: 'Sign out' }).click();
    await page().getByLabel('E-mail').waitFor();
    await page().goto(link);
    await page()
      .getByLabel(/Choose a password/)
      .fill('the editor password');
    await page().getByRole('button', { name: 'Accept and sign in' }).click();
    await page().getByTestId('project').waitFor();
    await page().goto(`${base}/account`);
    await page().getByRole('heading', { name: 'editor@example.com' }).waitFor();
    await b.screenshot('teams-account');

    const members = (await t.request('GET', '/v1/members')).body.members as { id: string; email: string }[];
    const editor = members.find((m) => m.email === 'editor@example.com')!;
    await t.request('DELETE', `/v1/members/${editor.id}`);
    await page().goto(`${base}/posts`);
    await page().getByLabel('E-mail').waitFor();
    await page().setViewportSize(PHONE);
    await b.screenshot('teams-signin');
    await page().setViewportSize(DESKTOP);
  });
});
