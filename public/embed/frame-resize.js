// @ts-check
/**
 * Optional line for a page that shows our registration form in an <iframe> and allows
 * scripts: <script src="https://SITE/embed/frame-resize.js" async></script>
 * The framed form posts its height; this sets each of our frames on the page to it, so the
 * frame never needs a scrollbar and leaves no empty space. It trusts only messages from a
 * window inside one of our frames (our origin, or "null" when the frame is sandboxed). Our
 * frames already on the page when it arrives are asked for their height again.
 */
(() => {
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement)) return;
  const origin = new URL(script.src).origin;
  const frameUrl = `${origin}/embed/frame`;
  addEventListener('message', (event) => {
    const data = event.data;
    if (event.origin !== origin && event.origin !== 'null') return;
    if (!data || data.type !== 'society-registration-frame:height' || typeof data.height !== 'number') return;
    for (const frame of document.querySelectorAll('iframe')) {
      if (frame.contentWindow !== event.source || !frame.src.startsWith(frameUrl)) continue;
      frame.height = String(Math.min(Math.max(Math.ceil(data.height), 300), 4000));
    }
  });
  // Loaded async, this line may arrive after our frames told their height: each is asked again.
  for (const frame of document.querySelectorAll('iframe')) {
    if (frame.src.startsWith(frameUrl)) frame.contentWindow?.postMessage({ type: 'society-registration-frame:measure' }, '*');
  }
})();
