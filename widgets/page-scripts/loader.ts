/**
 * The only script every page runs up front (well under 1 KB gzipped). It imports a
 * widget when the visitor acts on it: focus inside it (Tab or a tap on a field),
 * pointer or touch on it, or following a link to it (or to the section holding it).
 * Scrolling past a form loads nothing: each form is pre-rendered, so it is there to read
 * and type into before its script (and React) arrives, and what is typed is kept. The
 * FAQ is plain <details name> without its script, so it waits for the visitor too.
 * It keeps the visit's campaign for the tab and removes drafts past their time
 * (device-storage.ts). Field vitals are reported once the page is idle after load.
 *
 * The page imports this after its first paint (site-generator/deferred-scripts.ts), so the
 * visitor may already be in a form, and the page may already have loaded.
 */
import { lazyWidgets } from '../registry/loaders.ts';
import { keepVisitCampaign, removeDrafts } from './device-storage.ts';
import { addSpeculationRules } from './speculation.ts';

addSpeculationRules();
keepVisitCampaign();
removeDrafts();

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
  let target: Element | null;
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

/**
 * A page the outbox worker controls (widgets/lead-form/outbox-sw.ts: only a visitor who acted
 * on a form has it, until a visit finds nothing kept) asks it whether a send of theirs
 * waited; the forms it names (a send still waiting, or refused) take over at once. It also
 * names the drafts of the sends it got accepted (then, and whenever it says so later): they
 * are removed here, and the page tells the worker so (`removed`), which then forgets them.
 */
function askOutboxWorker(): void {
  let container: ServiceWorkerContainer | undefined;
  try {
    container = navigator.serviceWorker;
  } catch {
    return; // service workers disabled
  }
  const worker = container?.controller;
  if (!container || !worker) return;
  container.addEventListener('message', (event: MessageEvent<{ type?: unknown; forms?: string[]; drafts?: string[] }>) => {
    if (event.data?.type !== OUTBOX_MESSAGE) return;
    removeDrafts(event.data.drafts);
    for (const { element, start } of starters) if (event.data.forms?.includes(element.localName)) start();
    worker.postMessage({ removed: event.data.drafts }); // not a question the worker answers: no ping-pong, with a worker of any version
  });
  worker.postMessage({ type: OUTBOX_MESSAGE });
}
/** The message type the loader and the outbox worker speak (OUTBOX_SYNC_TAG in lead-outbox.ts, which this script does not import). */
const OUTBOX_MESSAGE = 'lead-outbox';
askOutboxWorker();

const whenIdle = (task: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 2000);
const reportVitals = () => whenIdle(() => void import('./vitals.ts'));
if (document.readyState === 'complete') reportVitals();
else addEventListener('load', reportVitals, { once: true });
