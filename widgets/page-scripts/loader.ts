/**
 * The only script every page runs up front (well under 1 KB gzipped). It imports a
 * widget when the visitor acts on it: focus inside it (Tab or a tap on a field),
 * pointer or touch on it, or following a link to it (or to the section holding it).
 * Scrolling past a form loads nothing: each form is pre-rendered, so it is there to read
 * and type into before its script (and React) arrives, and what is typed is kept. The
 * FAQ is plain <details name> without its script, so it waits for the visitor too.
 * Field vitals are reported once the page is idle.
 *
 * The page imports this after its first paint (scripts/build/deferred-scripts.ts), so the
 * visitor may already be in a form, and the page may already have loaded.
 */
import { lazyWidgets } from '../registry/loaders.ts';

const intents = ['focusin', 'pointerenter', 'touchstart'] as const;
const starters: { element: Element; start: () => void }[] = [];

function watch(element: Element, load: () => Promise<unknown>): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of intents) element.removeEventListener(type, start);
    load().catch((error: unknown) => console.error(`Could not load <${element.localName}>`, error));
  };
  for (const type of intents) element.addEventListener(type, start, { passive: true });
  starters.push({ element, start });
  // Focus inside a shadow root shows as focus on its host.
  if (element.contains(document.activeElement)) start();
}

for (const [tag, load] of Object.entries(lazyWidgets)) {
  for (const element of document.querySelectorAll(tag)) watch(element, load);
}

/** A link to a widget, or to the section it sits in (not to the whole page, as a skip link is), is intent too. */
function followLink(): void {
  let target: Element | null = null;
  try {
    target = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  } catch {
    return; // a malformed fragment
  }
  if (!target || target.localName === 'main' || target.querySelector('main')) return;
  for (const { element, start } of starters) if (target.contains(element)) start();
}
followLink();
addEventListener('hashchange', followLink);

const whenIdle = (task: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 2000);
const reportVitals = () => whenIdle(() => void import('./vitals.ts'));
if (document.readyState === 'complete') reportVitals();
else addEventListener('load', reportVitals, { once: true });
