/**
 * The only script every page runs up front (well under 1 KB gzipped). It imports
 * a widget when its element comes within a screen of the viewport, or on focus or
 * pointer intent, and reports field vitals once the page is idle. An element marked
 * data-load-on="interaction" (a pre-rendered preview in the first screen) waits for
 * focus or pointer intent only, so the page's first seconds stay free of React.
 */
import { lazyWidgets } from '../registry/loaders.ts';

const intents = ['focusin', 'pointerenter', 'touchstart'] as const;

function watch(element: Element, load: () => Promise<unknown>): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    for (const type of intents) element.removeEventListener(type, start);
    load().catch((error: unknown) => console.error(`Could not load <${element.localName}>`, error));
  };
  const observer =
    (element as HTMLElement).dataset.loadOn === 'interaction'
      ? undefined
      : 'IntersectionObserver' in window
      ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), { rootMargin: '100% 0px' })
      : undefined;
  if (observer) observer.observe(element);
  else if (!('IntersectionObserver' in window)) start();
  for (const type of intents) element.addEventListener(type, start, { passive: true });
}

for (const [tag, load] of Object.entries(lazyWidgets)) {
  for (const element of document.querySelectorAll(tag)) watch(element, load);
}

const whenIdle = (task: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 2000);
addEventListener('load', () => whenIdle(() => void import('./vitals.ts')), { once: true });
