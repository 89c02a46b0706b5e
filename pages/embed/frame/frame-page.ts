/**
 * The framed registration form (/embed/frame): applies the options of its URL, and tells
 * the page around it how tall it is, for the optional resize line (/embed/frame-resize.js).
 */
import { SOCIETY_REGISTRATION } from '../../../widgets/registry/names.ts';
import { applyFormOptions, readFormOptions } from './form-options.ts';

applyFormOptions(readFormOptions(new URLSearchParams(location.search)), document.querySelectorAll(SOCIETY_REGISTRATION), document.documentElement);

/**
 * The message public/embed/frame-resize.js listens for ("society-registration-frame:height":
 * that file is served as written, so it spells it out). The height is not sensitive: any parent may read it.
 */
const frameHeightMessage = `${SOCIETY_REGISTRATION}-frame:height`;

if (window.parent !== window && 'ResizeObserver' in window) {
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: frameHeightMessage, height }, '*');
  }).observe(document.body);
}
