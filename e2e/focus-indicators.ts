import { expect, type Page } from './fixtures';

/** The contrast ratio of two CSS colours given as rgb(…) (WCAG 2.2's relative luminance). */
export function contrast(first: string, second: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((value) => {
      const channel = Number(value) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/** What a focused element shows: its outline, the ring between it and the outline, what is behind them, and whether it is in view. */
export interface FocusStop {
  /** the element's place in the document: the same element gives the same key */
  key: string;
  name: string;
  outlineStyle: string;
  outlineWidth: number;
  outline: string;
  ring: string | null;
  background: string;
  /** what covers the element's middle while it has the focus (a sticky bar, a banner, a toast), if anything */
  coveredBy: string | null;
  /** the target's place in the document and size in CSS pixels, and whether it is a link inside a line of text (which 2.5.8 exempts) */
  left: number;
  top: number;
  width: number;
  height: number;
  inText: boolean;
}

/**
 * Runs in the page: gives the focus to the page's controls in turn, from the `from`-th, `count` of
 * them at most (from null: reads the element that has the focus), and reads what each shows. A
 * null is a control that would not take the focus (or the body has it); 'end' is past the page's
 * last control. One call into the page for the whole page, where one per control cost a round
 * trip each; the page runs what a focus set off (a menu, a tooltip) before the next is read.
 */
export async function readFocusStops({ from, count }: { from: number | null; count: number }): Promise<(FocusStop | null | 'end')[]> {
  // the page's controls, found again whenever the page changed (a focus may open or close something)
  const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
  let controls: HTMLElement[] | null = null;
  const changes = new MutationObserver(() => (controls = null));
  changes.observe(document, { subtree: true, childList: true, attributes: true });
  const controlAt = (index: number) => {
    if (changes.takeRecords().length > 0) controls = null;
    controls ??= Array.from(document.querySelectorAll<HTMLElement>(selector)).filter(
      (element) => !element.matches(':disabled') && element.tabIndex >= 0 && element.checkVisibility({ visibilityProperty: true }),
    );
    return controls[index];
  };
  const read = (index: number | null): FocusStop | null | 'end' => {
    if (index !== null) {
      const control = controlAt(index);
      if (!control) return 'end';
      control.focus();
      if (document.activeElement !== control) return null;
    }
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    // what is behind the outline: the ancestors' backgrounds, the nearest first, down to an opaque one, on the white canvas
    const layers: number[][] = [];
    for (let behind = element.parentElement; behind; behind = behind.parentElement) {
      const [r = 0, g = 0, b = 0, a = 1] = (getComputedStyle(behind).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
      if (a === 0) continue;
      layers.push([r, g, b, a]);
      if (a === 1) break;
    }
    let [red, green, blue] = [255, 255, 255];
    for (const [r = 0, g = 0, b = 0, a = 1] of layers.reverse()) {
      [red, green, blue] = [r * a + red * (1 - a), g * a + green * (1 - a), b * a + blue * (1 - a)];
    }
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    const top = x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight ? document.elementFromPoint(x, y) : null;
    // the element itself, a part of it, or the label it sits in is what a click on its middle meets
    const own = top && (element.contains(top) || top.contains(element) || element.closest('label')?.contains(top));
    return {
      key: String(Array.from(document.querySelectorAll('*')).indexOf(element)),
      name: `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40) || element.getAttribute('aria-label')}"`,
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      outline: style.outlineColor,
      // the second tone of the indicator: the ring the box shadow draws between the element and its outline
      ring: /^rgba?\([^)]*\)/.exec(style.boxShadow)?.[0] ?? null,
      background: `rgb(${Math.round(red)}, ${Math.round(green)}, ${Math.round(blue)})`,
      coveredBy: box.width === 0 || box.height === 0 || own ? null : top ? top.outerHTML.slice(0, 80) : 'off screen',
      left: box.left + scrollX,
      top: box.top + scrollY,
      width: box.width,
      height: box.height,
      inText:
        style.display === 'inline' && element.tagName === 'A' && Boolean(element.parentElement?.closest('p, li, td, dd, label, span')),
    };
  };
  if (from === null) return [read(null)];
  const stops: (FocusStop | null | 'end')[] = [];
  for (let index = from; index < from + count; index++) {
    const stop = read(index);
    stops.push(stop);
    if (stop === 'end') break;
    // a message, not a timer: a test may hold the page's clock (page.clock), which holds its timers
    await new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
  }
  changes.disconnect();
  return stops;
}

/** What the focused element shows (see readFocusStops), read in the page. */
export async function readFocus(page: Page): Promise<FocusStop | null> {
  const [stop] = await page.evaluate(readFocusStops, { from: null, count: 1 });
  return stop === 'end' ? null : (stop ?? null);
}

/** A focus indicator of 2 px or more, one of whose two tones has 3:1 against what is behind it (WCAG 2.4.7, 1.4.11). */
export function expectVisibleIndicator(stop: FocusStop, where: string) {
  expect(stop.outlineStyle, `${where}: ${stop.name} has an outline`).toBe('solid');
  expect(stop.outlineWidth, `${where}: ${stop.name}'s outline width`).toBeGreaterThanOrEqual(2);
  const tones = [stop.outline, ...(stop.ring ? [stop.ring] : [])];
  const best = Math.max(...tones.map((tone) => contrast(tone, stop.background)));
  expect(best, `${where}: ${stop.name}: ${tones.join(' and ')} on ${stop.background}`).toBeGreaterThanOrEqual(3);
  // two tones are told apart from each other, so the one that stands out draws a line the eye can follow
  if (stop.ring) expect(contrast(stop.outline, stop.ring), `${where}: ${stop.name}: its two tones`).toBeGreaterThanOrEqual(3);
}

/**
 * Gives the focus to every control of the page in turn (after one real Tab, so the browser draws
 * the indicator of keyboard focus for what follows), and checks that each shows a visible
 * indicator, that nothing covers it while it has the focus (WCAG 2.4.11), that it is a target of
 * 24 px or more (2.5.8), and that every password field takes a paste (3.3.8): a call into the page
 * per control, where Tab would cost a key press and a wait each. Returns the stops, for a page's
 * own checks.
 */
export async function expectFocusIndicators(page: Page): Promise<FocusStop[]> {
  await page.keyboard.press('Tab');
  const where = new URL(page.url()).pathname;
  const stops: FocusStop[] = [];
  for (const stop of await page.evaluate(readFocusStops, { from: 0, count: 400 })) {
    if (stop === 'end') break;
    // a control that would not take the focus (inert, behind a closed dialog) is not a Tab stop
    if (!stop) continue;
    expectVisibleIndicator(stop, where);
    expect(stop.coveredBy, `${where}: ${stop.name} is in view and not covered while it has the focus`).toBeNull();
    stops.push(stop);
  }
  expectTargetSizes(stops, where);
  // a password can be pasted into every password field (WCAG 3.3.8): no field cancels the paste
  const refusedPaste = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLInputElement>('input[type="password"]')).flatMap((field) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'a pasted password');
      const paste = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      return field.dispatchEvent(paste) ? [] : [field.name || field.id];
    }),
  );
  expect(refusedPaste, `${where}: password fields that refuse a paste`).toEqual([]);
  return stops;
}

/**
 * WCAG 2.5.8, Target Size (Minimum): a target is 24 × 24 px at least, or a 24 px circle on its
 * middle meets no other target and no other small target's circle. A link in a line of text is
 * exempt, and so is a target the page does not draw (no size).
 */
function expectTargetSizes(stops: FocusStop[], where: string) {
  const targets = stops.filter((stop) => !stop.inText && stop.width > 0 && stop.height > 0);
  const middle = (stop: FocusStop) => ({ x: stop.left + stop.width / 2, y: stop.top + stop.height / 2 });
  const small = targets.filter((stop) => stop.width < 24 || stop.height < 24);
  for (const target of small) {
    const centre = middle(target);
    for (const other of targets) {
      if (other.key === target.key) continue;
      // how far the circle's middle is from the other target's box, or half the way to a small one's middle
      const dx = Math.max(other.left - centre.x, 0, centre.x - (other.left + other.width));
      const dy = Math.max(other.top - centre.y, 0, centre.y - (other.top + other.height));
      const reach = small.includes(other) ? Math.hypot(centre.x - middle(other).x, centre.y - middle(other).y) / 2 : Math.hypot(dx, dy);
      expect(
        reach,
        `${where}: ${target.name} is ${Math.round(target.width)} × ${Math.round(target.height)} px and its 24 px circle meets ${other.name}`,
      ).toBeGreaterThanOrEqual(12);
    }
  }
}

/**
 * The page at 320 px wide (400% zoom of a 1280 px window) scrolls only up and down (WCAG 1.4.10);
 * the window gets its size back after.
 */
export async function expectReflowAt320(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  try {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${new URL(page.url()).pathname} is ${width} px wide at 320 px`).toBeLessThanOrEqual(320);
  } finally {
    if (size) await page.setViewportSize(size);
  }
}

/** Under reduced motion, nothing on the page moves on and on (WCAG 2.3.3): no endless animation runs. */
export async function expectStillUnderReducedMotion(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    const endless = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations === Infinity)
        .map((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          return target ? `${target.tagName.toLowerCase()}.${target.getAttribute('class') ?? ''}` : 'an animation';
        }),
    );
    expect(endless, `${new URL(page.url()).pathname}: endless animations under reduced motion`).toEqual([]);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}
