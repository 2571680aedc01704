// The demo sign-in works through the app's one port (issue 20 item 2): a production start with the demo
// allowed listens on exactly one TCP port, the built-in provider is served under PUBLIC_URL/dev-oidc, and a
// Chromium sign-in (and sign-out through the provider's end-session) completes through that port alone.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { launchBrowser, type Browser } from './harness';
import { faultData, spawnServer, type Child, type FaultData } from '../faults/child';

const JOURNEY_MS = 150_000;
let server: Child;
let browser: Browser;
let data: FaultData | undefined;

beforeAll(async () => {
  data = await faultData('askreg-single-port-');
  server = await spawnServer(data, { NODE_ENV: 'production', DEV_OIDC_IN_PRODUCTION: 'true' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.kill();
  await data?.remove();
});

/** TCP ports the process itself listens on: its socket inodes (/proc/pid/fd) matched in /proc/pid/net/tcp{,6}. */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      // the descriptor closed while listing
    }
  }
  const ports = new Set<number>();
  for (const table of ['tcp', 'tcp6']) {
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is HEXIP:HEXPORT, st 0A is LISTEN, column 9 the inode
      if (cols.length > 9 && cols[3] === '0A' && inodes.has(cols[9]!)) ports.add(parseInt(cols[1]!.split(':')[1]!, 16));
    }
  }
  return [...ports].sort();
}

test(
  'a production start with the demo allowed listens on one port, and a Chromium sign-in and sign-out complete through it',
  async () => {
    const port = Number(new URL(server.url).port);
    // the provider is created at start-up outside tests; its issuer is on the app's own address
    await server.waitFor(/built-in development OpenID provider is running/);
    const discovery = await (await fetch(`${server.url}/dev-oidc/.well-known/openid-configuration`)).json();
    expect(discovery.issuer).toBe(`${server.url}/dev-oidc`);
    expect(discovery.end_session_endpoint).toBe(`${server.url}/dev-oidc/session/end`);
    expect(listeningPorts(server.proc.pid)).toEqual([port]);

    const { page } = browser;
    const seen = new Set<string>();
    page.on('request', (r) => seen.add(new URL(r.url()).origin));
    await page.goto(`${server.url}/login`);
    await page.getByTestId('sso-login').click();
    await page.waitForURL(/\/dev-oidc\/interaction\//);
    await page.getByRole('heading', { name: 'เข้าสู่ระบบด้วยบัญชีมหาวิทยาลัย' }).waitFor();
    await page.locator('button[data-email="student@demo.ac.th"]').click();
    await page.waitForURL(`${server.url}/user/chat`);
    const me = await page.evaluate(async () => (await fetch('/api/profile/me', { credentials: 'include' })).json());
    expect(me.data).toMatchObject({ email: 'student@demo.ac.th', role: 'user' });

    // sign-out ends our session, then passes through the provider's end-session and comes back to /landing
    const passedThrough: string[] = [];
    page.on('request', (r) => r.isNavigationRequest() && passedThrough.push(new URL(r.url()).pathname));
    await page.goto(`${server.url}/auth/logout`);
    await page.waitForURL(`${server.url}/landing`);
    expect(passedThrough).toContain('/dev-oidc/session/end');
    const after = await page.evaluate(async () => (await fetch('/api/profile/me', { credentials: 'include' })).status);
    expect(after).toBe(401);

    expect([...seen]).toEqual([server.url]); // the browser never needed another address
    expect(browser.errors).toEqual([]); // no script error and no CSP refusal on the provider's pages
    expect(listeningPorts(server.proc.pid)).toEqual([port]);
  },
  JOURNEY_MS,
);
