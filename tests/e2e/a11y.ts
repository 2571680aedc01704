// Accessibility checks for the Chromium journeys: axe-core's WCAG 2.0/2.1/2.2 A and AA rules, plus a check
// of our own that every open dialog has a name (axe's aria-dialog-name rule looks at role=dialog only, so a
// native <dialog> whose aria-labelledby points at a missing id passes it).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export interface A11yProblem {
  rule: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Open dialogs (native or role=dialog/alertdialog, visible) whose accessible name is empty. */
export async function unnamedDialogs(page: Page): Promise<A11yProblem[]> {
  return page.evaluate(() => {
    const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const nameOf = (el: Element): string => {
      const ids = el.getAttribute('aria-labelledby')?.trim();
      if (ids) {
        const named = ids
          .split(/\s+/)
          .map((id) => text(document.getElementById(id)))
          .join(' ')
          .trim();
        if (named) return named;
      }
      return (el.getAttribute('aria-label') ?? '').trim() || (el.getAttribute('title') ?? '').trim();
    };
    const shown = (el: Element) => (el instanceof HTMLDialogElement ? el.open : true) && (el as HTMLElement).getClientRects().length > 0;
    const dialogs = [...document.querySelectorAll('dialog, [role="dialog"], [role="alertdialog"]')].filter(shown);
    return dialogs
      .filter((d) => !nameOf(d))
      .map((d) => ({
        rule: 'dialog-has-name',
        impact: 'serious',
        help: `open dialog without an accessible name (aria-labelledby="${d.getAttribute('aria-labelledby') ?? ''}")`,
        targets: [d.outerHTML.slice(0, 160)],
      }));
  });
}

/** axe-core's WCAG A/AA violations on the page as it is now (injected through the devtools protocol: the CSP forbids inline scripts). */
export async function axeViolations(page: Page): Promise<A11yProblem[]> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            o: object,
          ): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.map(String).join(' ')) }));
  }, WCAG_TAGS);
}

/** Fails (throws) when the page state breaks a WCAG A/AA rule or shows a dialog without a name; `state` names it in the message. */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  // the fonts decide layout and so contrast and overlap: check what the user sees
  await page.evaluate(() => document.fonts.ready);
  // an opening drawer fades in from opacity 0: axe mid-animation measures a blend, not what the user then reads.
  // Wait for every finite animation (spinners run forever and are left alone).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const problems = [...(await unnamedDialogs(page)), ...(await axeViolations(page))];
  if (problems.length === 0) return;
  const lines = problems.map((p) => `  - ${p.rule} (${p.impact}): ${p.help}\n      ${p.targets.slice(0, 5).join('\n      ')}`);
  throw new Error(`accessibility violations on ${state} (${page.url()}):\n${lines.join('\n')}`);
}
