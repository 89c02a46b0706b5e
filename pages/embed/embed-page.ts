/**
 * The /embed page's small helpers, none needed to read the page: copy buttons, colours
 * tried on the live preview, and printing the QR code alone. Buttons stay hidden until
 * they can work.
 */

/** An element's text as a plain message: headings, paragraphs, list items and code blocks, one per line. */
function plainText(root: Element): string {
  const lines: string[] = [];
  for (const el of root.querySelectorAll('h3, p, li, pre')) {
    if (el.localName === 'pre') lines.push(el.textContent ?? '', '');
    else {
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (el.localName === 'h3') lines.push('', text.toUpperCase(), '');
      else lines.push(el.localName === 'li' ? `- ${text}` : text);
    }
  }
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trim() + '\n';
}

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-copy]')) {
  const source = document.getElementById(button.dataset.copy!);
  // The status line carries its messages in the page's language (pages/i18n).
  const status = button.parentElement?.querySelector<HTMLElement>('[data-copy-status]');
  if (!source || !navigator.clipboard) continue;
  button.hidden = false;
  const copy = async () => {
    const text = button.dataset.copyAs === 'text' ? plainText(source) : (source.textContent ?? '');
    try {
      await navigator.clipboard.writeText(text);
      if (status) status.textContent = status.dataset.done ?? '';
    } catch {
      if (status) status.textContent = status.dataset.failed ?? '';
    }
  };
  button.addEventListener('click', () => void copy());
}

const swatches = document.querySelector<HTMLFieldSetElement>('[data-swatches]');
const preview = document.getElementById('preview');
if (swatches && preview) {
  swatches.hidden = false;
  swatches.addEventListener('change', (event) => {
    const accent = (event.target as HTMLInputElement).value;
    preview.style.setProperty('--widget-accent', accent);
    for (const value of document.querySelectorAll<HTMLElement>('[data-accent-value]')) {
      value.textContent = 'accentHex' in value.dataset ? accent.slice(1) : accent;
    }
  });
}

const printQr = document.querySelector<HTMLButtonElement>('[data-print-qr]');
if (printQr) {
  printQr.hidden = false;
  printQr.addEventListener('click', () => {
    document.documentElement.classList.add('print-qr');
    addEventListener('afterprint', () => document.documentElement.classList.remove('print-qr'), { once: true });
    print();
  });
}
