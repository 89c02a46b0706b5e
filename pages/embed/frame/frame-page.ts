/**
 * The framed registration form (/embed/frame): applies the options of its URL, and tells
 * the page around it how tall it is, for the optional resize line (/embed/frame-resize.js).
 */
import { SOCIETY_REGISTRATION } from '../../../widgets/registry/names.ts';
import { applyFormOptions, readFormOptions } from './form-options.ts';

applyFormOptions(readFormOptions(new URLSearchParams(location.search)), document.querySelectorAll(SOCIETY_REGISTRATION), document.documentElement);

/**
 * The messages of public/embed/frame-resize.js ("society-registration-frame:height" and
 * "…:measure": that file is served as written, so it spells them out). The height is not
 * sensitive: any parent may read it, and ask for it.
 */
const frameHeightMessage = `${SOCIETY_REGISTRATION}-frame:height`;
/** What the resize line asks when it arrives after this page told its height (it loads `async`): the height again. */
const frameHeightRequest = `${SOCIETY_REGISTRATION}-frame:measure`;

if (window.parent !== window && 'ResizeObserver' in window) {
  let last = 0;
  const tell = (height: number) => {
    last = height;
    window.parent.postMessage({ type: frameHeightMessage, height }, '*');
  };
  const measure = () => Math.ceil(document.documentElement.getBoundingClientRect().height);
  new ResizeObserver(() => {
    const height = measure();
    if (height !== last) tell(height);
  }).observe(document.body);
  addEventListener('message', (event) => {
    if (event.source === window.parent && (event.data as { type?: unknown } | null)?.type === frameHeightRequest) tell(measure());
  });
}
