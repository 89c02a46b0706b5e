/** The /embed page's two small helpers: copy the snippet, and try colours on the live preview. */
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-copy]')) {
  const source = document.getElementById(button.dataset.copy!);
  const status = button.parentElement?.querySelector('[data-copy-status]');
  if (!source || !navigator.clipboard) continue;
  button.hidden = false;
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(source.textContent ?? '');
      if (status) status.textContent = 'Copied. Now paste it into your page.';
    } catch {
      if (status) status.textContent = 'Could not copy: select the code and copy it by hand.';
    }
  });
}

const swatches = document.querySelector<HTMLFieldSetElement>('[data-swatches]');
const preview = document.getElementById('preview');
const value = document.querySelector('[data-accent-value]');
if (swatches && preview) {
  swatches.hidden = false;
  swatches.addEventListener('change', (event) => {
    const accent = (event.target as HTMLInputElement).value;
    preview.style.setProperty('--widget-accent', accent);
    if (value) value.textContent = accent;
  });
}
