// Debian's Chromium (or CHROMIUM_PATH) driven by playwright-core, for the browser tests: no
// browser download. Screenshots go to test-output/screenshots/ (git-ignored), kept after the run
// as the tests' artefacts.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const SCREENSHOTS = path.join(__dirname, '../../test-output/screenshots');

export async function launchChromium(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** Saves a screenshot of the page (or of its full length) under SCREENSHOTS. */
export async function keepScreenshot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

/**
 * Collects what a page reports as wrong: uncaught errors, console errors (a CSP refusal is one)
 * except Chromium's "Failed to load resource" lines for answers a test provokes on purpose.
 */
export function watchPageProblems(page: Page, problems: string[]): void {
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
  });
}

/** Elements sticking out past the right edge of the viewport that no scrolling ancestor contains. */
export function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clippedByScroller = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (/(auto|scroll|hidden)/.test(getComputedStyle(parent).overflowX) && parent.getBoundingClientRect().right <= width + 1) return true;
      }
      return false;
    };
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1 && !clippedByScroller(element))
      .slice(0, 10)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}: right edge ${Math.round(element.getBoundingClientRect().right)} px`);
  });
}
