import type { Browser, Locator, Page } from 'playwright-core';
import { FakeUpstream } from '../../src/demo/fake-upstream/fake-upstream';
import { createChannel } from '../support/data-plane-fixtures';
import { TEST_ADMIN, startTestApp, type TestApp } from '../support/test-app';
import { en } from '../../src/console/src/i18n/en';
import { confirmDialog, launchBrowser, newWatchedContext, screenshot, settled, signIn } from './browser';

// The admin pages (and the user's own main pages) on a phone-sized screen in dark mode, with the keyboard only: for each page,
// no sideways page scroll at 390x844, the content on screen, a dark page, every visible field
// named (label or aria-label), and its primary action reached with Tab and triggered with Enter.
// Also the user detail's "Unlock sign-in", on an app whose per-account sign-in throttle is low.
let app: TestApp;
let upstream: FakeUpstream;
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  upstream = (await FakeUpstream.start()).setDefault({ models: ['gpt-4o-mini', 'fake-model-2'] });
  // Only failed sign-ins count: three per address and account, then the right password is refused too.
  app = await startTestApp({ SIGNIN_ATTEMPTS_PER_ACCOUNT: '3' });
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'], groups: ['default', 'auto'] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await upstream?.close();
});
afterEach(() => {
  const seen = problems.splice(0);
  expect(seen).toEqual([]);
});

interface AdminPage {
  name: string;
  /** Goes to the page (opening its dialog with the mouse where the page is a dialog); answers where its content is. */
  open: (page: Page) => Promise<Locator>;
  /** The primary action, inside the content. */
  primary: (content: Locator) => Locator;
  /** Typed with the keyboard before the action, where the action needs input. */
  type?: (page: Page, content: Locator) => Promise<void>;
  /** Waits for what the action does. */
  done: (page: Page) => Promise<unknown>;
}

/**
 * Goes to a page through the phone menu, as a person would. (page.goto between pages aborted
 * requests still in flight from the previous page, which the watcher rightly counts as failures.)
 */
const go = (link: string) => async (page: Page) => {
  await page.getByRole('button', { name: 'Navigation' }).click();
  await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).click();
  const main = page.locator('main');
  await main.getByRole('heading', { name: link, exact: true }).waitFor();
  return main;
};
const tab = (name: string) => async (page: Page) => {
  const main = await go('Catalogue')(page);
  await page.getByRole('tab', { name }).click();
  return main;
};
const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog', { name: title });
const channelDialog = (button: RegExp, title: RegExp) => async (page: Page) => {
  await go('Channels')(page);
  await page.getByTestId('channel-row').first().getByRole('button', { name: button }).click();
  const box = dialog(page, title);
  await box.waitFor();
  return box;
};
const button = (name: string) => (content: Locator) => content.getByRole('button', { name, exact: true });

const PAGES: AdminPage[] = [
  { name: 'catalogue', open: go('Catalogue'), primary: button('Add model'), done: (p) => dialog(p, 'Add model').waitFor() },
  {
    name: 'prices',
    open: async (page) => {
      await go('Catalogue')(page);
      await page.locator('[data-testid="admin-model-row"][data-model="gpt-4o-mini"]').getByRole('button', { name: 'Prices' }).click();
      const box = dialog(page, /^Prices of gpt-4o-mini/);
      await box.getByTestId('price-version').first().waitFor();
      return box;
    },
    primary: button('Set price now'),
    done: (p) => dialog(p, /^Prices of/).waitFor({ state: 'detached' }),
  },
  { name: 'vendors', open: tab('Vendors'), primary: button('Add vendor'), done: (p) => dialog(p, 'Add vendor').waitFor() },
  { name: 'groups', open: tab('Groups'), primary: button('Add group'), done: (p) => dialog(p, 'Add group').waitFor() },
  { name: 'packages', open: tab('Packages'), primary: button('Add package'), done: (p) => dialog(p, 'Add package').waitFor() },
  {
    name: 'channel-keys',
    open: channelDialog(/^Keys /, /^Upstream keys of/),
    primary: button('Add keys'),
    type: async (page, content) => {
      await content.getByLabel('Add keys').focus();
      await page.keyboard.type('sk-typed-on-a-keyboard-0042');
    },
    done: (p) => p.getByTestId('channel-key-row').filter({ hasText: '0042' }).waitFor(),
  },
  {
    name: 'channel-cost',
    open: channelDialog(/^Cost$/, /^Cost basis of/),
    primary: button('Save factor'),
    type: async (page, content) => {
      await content.getByLabel('Factor of the catalogue price').focus();
      await page.keyboard.type('0.5');
    },
    done: (p) => p.getByTestId('cost-basis').filter({ hasText: '0.5 ×' }).waitFor(),
  },
  {
    name: 'channel-import',
    open: async (page) => {
      await go('Channels')(page);
      await page.getByRole('button', { name: 'Import channels' }).click();
      return dialog(page, 'Import channels');
    },
    primary: button('Import'),
    type: async (page, content) => {
      await content.getByLabel('Document').focus();
      await page.keyboard.type('[{ "name": "typed" }]');
    },
    done: (p) => p.getByTestId('import-report').waitFor(),
  },
  {
    name: 'channel-tags',
    open: async (page) => {
      await go('Channels')(page);
      await page.getByRole('button', { name: 'Change by tag' }).click();
      return dialog(page, 'Change by tag');
    },
    primary: button('Apply'),
    type: async (page, content) => {
      await content.getByRole('radio', { name: 'Set weight' }).focus();
      await page.keyboard.press('Space');
      await content.getByLabel('Tag', { exact: true }).focus();
      await page.keyboard.type('nobody-has-this-tag');
      await content.getByLabel('Weight', { exact: true }).focus();
      await page.keyboard.type('7');
    },
    done: (p) => p.getByTestId('tag-report').waitFor(),
  },
  { name: 'channel-discovery', open: channelDialog(/^Discover$/, /^Models of/), primary: button('Ask the upstream'), done: (p) => p.getByTestId('discovered-model').first().waitFor() },
  { name: 'users', open: go('Users'), primary: button('Add user'), done: (p) => dialog(p, 'Add user').waitFor() },
  {
    name: 'stats',
    open: go('Usage statistics'),
    primary: button('Usage CSV'),
    done: (p) => p.waitForEvent('download'),
  },
  { name: 'settings', open: go('Settings'), primary: button('Save'), done: (p) => p.getByText('Saved.').first().waitFor() },
  // The user's own pages, under the same checks (an admin is a user too).
  { name: 'user-dashboard', open: go('Dashboard'), primary: button('Check in'), done: (p) => p.getByText(/Checked in/).first().waitFor() },
  { name: 'user-keys', open: go('API keys'), primary: button('Create key'), done: (p) => p.getByRole('dialog').first().waitFor() },
  { name: 'user-usage', open: go('Usage log'), primary: button('Export CSV'), done: (p) => p.waitForEvent('download') },
  { name: 'user-account', open: go('Account'), primary: button('Change password'), done: (p) => p.getByText('This field is required.').first().waitFor() },
];

/** Visible form fields without an accessible name (no label, aria-label or aria-labelledby), described for the failure message. */
function unnamedFields(root: Element): string[] {
  const visible = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const text = (ids: string) => ids.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
  return [...root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea')]
    .filter((el) => el.type !== 'hidden' && visible(el))
    .filter((el) => {
      const name = el.getAttribute('aria-label')?.trim() || text(el.getAttribute('aria-labelledby') ?? '')
        || [...(el.labels ?? [])].map((l) => l.textContent ?? '').join(' ').trim();
      return !name;
    })
    .map((el) => el.outerHTML.slice(0, 160));
}

/** Relative luminance (0 black .. 1 white) of a CSS rgb()/rgba() colour. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? ['255', '255', '255']).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/**
 * Presses Tab until the target has focus (from wherever focus is now); false if it never does.
 * Every element focused on the way must be on screen: a keyboard user cannot see focus on a
 * closed drawer's links or anything pushed off the side.
 */
async function tabTo(page: Page, target: Locator, offscreen: Set<string>, most = 80): Promise<boolean> {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return true;
    await page.keyboard.press('Tab');
    const hidden = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return null;
      // A visually hidden radio or checkbox shows its focus on its label (SegmentedControl, Switch).
      const el = focused instanceof HTMLInputElement && focused.labels?.[0] && focused.getBoundingClientRect().width <= 1 ? focused.labels[0] : focused;
      const r = el.getBoundingClientRect();
      const seen = r.width > 0 && r.height > 0 && r.right > 0 && r.left < innerWidth && r.bottom > 0 && r.top < innerHeight;
      return seen ? null : `<${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    });
    if (hidden) offscreen.add(hidden);
  }
  return false;
}

it('every admin page, and the user\'s dashboard, keys, usage and account, work on a phone-sized screen, in dark mode and with the keyboard alone', async () => {
  const context = await newWatchedContext(browser, app.url, problems, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const page = await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
  const found: string[] = [];
  for (const spec of PAGES) {
    const content = await spec.open(page);
    await settled(page);

    const overflow = await page.evaluate(() => {
      const root = document.scrollingElement!;
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
    });
    if (overflow.scrollWidth > overflow.clientWidth + 1) found.push(`${spec.name}: page scrolls sideways (${overflow.scrollWidth} > ${overflow.clientWidth})`);
    const title = spec.name.startsWith('channel-') || spec.name === 'prices' ? content.locator('h2').first() : content.getByRole('heading').first();
    const box = await title.boundingBox();
    if (!box || box.x < 0 || box.x + box.width > 391) found.push(`${spec.name}: title not on screen (${JSON.stringify(box)})`);

    const colors = await page.evaluate(() => ({ body: getComputedStyle(document.body).backgroundColor, text: getComputedStyle(document.body).color }));
    if (luminance(colors.body) > 0.1 || luminance(colors.text) < 0.4) found.push(`${spec.name}: not dark (${colors.body} on ${colors.text})`);

    for (const field of await content.evaluate(unnamedFields)) found.push(`${spec.name}: unnamed field ${field}`);
    await screenshot(page, `phone-dark-admin-${spec.name}`);

    if (spec.type) await spec.type(page, content);
    const action = spec.primary(content);
    const offscreen = new Set<string>();
    if (!(await tabTo(page, action, offscreen))) {
      found.push(`${spec.name}: Tab never reaches "${await action.textContent()}"`);
    } else {
      const at = await action.boundingBox();
      if (!at || at.x < 0 || at.x + at.width > 391) found.push(`${spec.name}: the primary action is off screen (${JSON.stringify(at)})`);
      await Promise.all([spec.done(page), page.keyboard.press('Enter')]);
    }
    for (const el of offscreen) found.push(`${spec.name}: Tab focuses ${el}, which is not on screen`);
    // Close whatever dialog is open before the next page.
    for (let open = await page.getByRole('dialog').count(); open > 0; open--) {
      await page.keyboard.press('Escape');
      // The topmost one gone: `.last()` would find the dialog beneath it and wait out the timeout.
      await page.getByRole('dialog').nth(open - 1).waitFor({ state: 'detached' });
    }
  }
  expect(found).toEqual([]);
  await context.close();
  // Seventeen pages, each step bounded by the context's 20 s; the default 120 s for the whole tour
  // was used up on a loaded two-core machine.
}, 300_000);

async function graphql(query: string, variables: Record<string, unknown>): Promise<Record<string, { __typename: string }>> {
  const res = await fetch(app.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  return ((await res.json()) as { data: Record<string, { __typename: string }> }).data;
}

it('an admin unlocks the sign-in of an account that failed too often (after confirming), and the person gets in at once', async () => {
  const email = 'locked-out@example.com';
  const password = 'the-right-password-1';
  const register = await graphql('mutation($e: String!, $p: String!) { register(email: $e, password: $p) { __typename } }', { e: email, p: password });
  expect(register.register!.__typename).toBe('RegisterSuccess');
  const login = 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { __typename } }';
  for (let i = 0; i < 4; i++) await graphql(login, { e: email, p: `wrong-guess-${i}` });

  // The person, from the same address, with the right password: refused.
  const personContext = await newWatchedContext(browser, app.url, problems);
  const person = await personContext.newPage();
  await person.goto('/');
  await person.getByLabel('Email').fill(email);
  await person.getByLabel(/^Password/).fill(password);
  await person.getByRole('button', { name: 'Sign in', exact: true }).click();
  await person.getByText(en.errors.TOO_MANY_ATTEMPTS).waitFor();

  const adminContext = await newWatchedContext(browser, app.url, problems);
  const admin = await signIn(adminContext, TEST_ADMIN.email, TEST_ADMIN.password);
  await admin.getByRole('link', { name: 'Users', exact: true }).click();
  await admin.getByLabel('Search by email').fill(email);
  await admin.locator(`[data-testid="admin-user-row"][data-email="${email}"]`).getByRole('button', { name: 'Details' }).click();
  await admin.getByRole('button', { name: 'Unlock sign-in' }).click();
  // Nothing runs before the confirmation: cancelling leaves the throttle in place.
  const question = admin.getByRole('dialog', { name: 'Are you sure?' });
  expect(await question.textContent()).toContain(`Lift the sign-in throttle of ${email}?`);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await question.waitFor({ state: 'detached' });
  expect((await graphql(login, { e: email, p: password })).login!.__typename).toBe('TooManyAttemptsError');

  await admin.getByRole('button', { name: 'Unlock sign-in' }).click();
  await confirmDialog(admin);
  const result = admin.getByTestId('unlock-result');
  await result.waitFor();
  expect(await result.textContent()).toMatch(/^Sign-in unlocked: [1-9]\d* throttle counters? cleared\.$/);
  await question.waitFor({ state: 'detached' });
  await screenshot(admin, 'admin-user-unlock');
  await adminContext.close();

  await person.getByRole('button', { name: 'Sign in', exact: true }).click();
  await person.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await personContext.close();
});
