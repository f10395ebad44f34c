/**
 * What the dashboard's browser tests need: Debian's Chromium driven by
 * playwright-core (headless, no background traffic, a fresh profile), a built
 * dashboard, and a page that can reach nothing but loopback addresses.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, globSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = new URL('../../', import.meta.url).pathname;
export const SCREENSHOTS = join(ROOT, 'test-output', 'screenshots');

/** Why the browser tests can not run here, or false. In CI a missing browser is a failure, not a skip. */
export function browserSkip(): string | false {
  if (existsSync(CHROMIUM)) return false;
  const why = `${CHROMIUM} is missing (apt-get install chromium): the dashboard browser tests are skipped`;
  if (process.env.CI === 'true') throw new Error(why.replace('are skipped', 'can not run in CI'));
  return why;
}

/** Builds web/ into web/dist when it is missing or older than a source file. */
export function ensureDashboardBuilt(): void {
  const index = join(ROOT, 'web', 'dist', 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = globSync(['web/src/**/*', 'web/index.html', 'web/vite.config.ts'], { cwd: ROOT });
  if (built > 0 && sources.every((f) => statSync(join(ROOT, f)).mtimeMs <= built)) return;
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', 'web', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Writes `<name>-desktop.png` (or -phone) under test-output/screenshots. */
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

/** `locale` is the browser's language (en-GB unless a test asks for another, as a 12-hour clock's en-US). */
export async function openBrowser(options: { locale?: string } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'dash-chromium-'));
  mkdirSync(SCREENSHOTS, { recursive: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    timezoneId: 'UTC',
    locale: options.locale ?? 'en-GB',
    viewport: DESKTOP,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // The page may reach the service and the simulator on loopback, nothing else (avatars on made-up hosts).
  await context.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    return host === '127.0.0.1' || host === 'localhost' ? route.continue() : route.abort();
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(20_000);
  return {
    context,
    page,
    async screenshot(name) {
      const size = page.viewportSize();
      const kind = size && size.width < 600 ? 'phone' : 'desktop';
      await page.screenshot({ path: join(SCREENSHOTS, `${name}-${kind}.png`), fullPage: true });
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const AXE_SOURCE = join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');

/**
 * Runs axe-core in the page and answers its serious and critical violations, one
 * line each (rule, impact, the first elements it names), so a test can assert none.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the dashboard's CSP (rightly) refuses inline scripts.
  await page.evaluate(readFileSync(AXE_SOURCE, 'utf8'));
  // Browser-side code is a string: this file is type-checked without the DOM's types.
  const found = await page.evaluate<{ id: string; impact: string; targets: string[] }[]>(`
    axe.run(document, { resultTypes: ['violations'] }).then((r) =>
      r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => String(n.target)) })))`);
  return found.map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
}
