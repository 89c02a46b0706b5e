/**
 * <society-registration>, built as partners load it, against the stub intake server:
 * markup and native validation, the exact payload, every row of the spec's error
 * catalogue (§8) with the fields kept or cleared, the submitting state, the events.
 */
import {
  after, afterEach, before, beforeEach, button, cleanup, clearToasts, control, deepEqual, describe, equal, fillAll, it,
  loadWidget, mount, nextEvent, settle, ok, requests, stub, submit, valuesOf, waitFor, waitForToast,
} from './browser-stub/helpers.ts';

const names = ['name', 'email', 'phone', 'societyName', 'city', 'position'];
const filled = {
  name: 'Asha Verma',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  societyName: 'Green Valley Apartments',
  city: 'Pune',
  position: 'Secretary',
};
const SERVER_OK = 'Society request submitted successfully. We will reach out within 24 hours to activate your society.';
const FALLBACK_OK = 'Society request submitted successfully. We will contact you within 24 hours to set up your society.';
const NETWORK = 'Network error. Please check your connection and try again.';

function form(apiBase: string, extra = '') {
  return mount(`<society-registration api-base="${apiBase}" ${extra}></society-registration>`);
}

describe('<society-registration>', () => {
  before(async () => {
    await loadWidget('society-registration');
  });
  beforeEach(() => clearToasts());
  afterEach(() => cleanup());
  after(() => clearToasts());

  it('renders the spec fields with names, types, labels, autocomplete and required flags in its shadow root', async () => {
    const host = form(stub('success').apiBase);
    const root = host.shadowRoot!;
    ok(root, 'open shadow root');
    const expected = [
      ['name', 'text', 'Your Name *', 'name', true],
      ['email', 'email', 'Email *', 'email', true],
      ['phone', 'tel', 'Phone *', 'tel', true],
      ['societyName', 'text', 'Society Name *', 'organization', true],
      ['city', 'text', 'City *', 'address-level2', true],
      ['position', 'text', 'Position (optional)', 'organization-title', false],
    ] as const;
    for (const [name, type, label, autocomplete, required] of expected) {
      const input = control(host, name);
      equal(input.type, type, `${name} type`);
      equal(input.getAttribute('autocomplete'), autocomplete, `${name} autocomplete`);
      equal(input.required, required, `${name} required`);
      ok(input.id, `${name} has an id`);
      const labelEl = root.querySelector(`label[for="${input.id}"]`);
      equal(labelEl?.textContent, label, `${name} label`);
      equal(input.labels?.[0], labelEl, `${name} is labelled by it`);
      equal(input.getAttribute('part'), 'input');
    }
    equal(root.querySelector('h2')?.textContent, 'Register Your Society');
    equal(root.querySelector('[part="intro"]')?.textContent, 'It takes 2 minutes. We set everything up within 24 hours — free forever.');
    const form_ = root.querySelector('form')!;
    equal(form_.noValidate, false, 'native validation is on');
    equal(button(host).textContent, 'Register Society for Free');
    equal(button(host).disabled, false);
  });

  it('lets the heading and intro attributes replace the defaults', async () => {
    const host = form(stub('success').apiBase, 'heading="Join us" intro="Two minutes, no cost."');
    equal(host.shadowRoot!.querySelector('h2')?.textContent, 'Join us');
    equal(host.shadowRoot!.querySelector('[part="intro"]')?.textContent, 'Two minutes, no cost.');
    host.setAttribute('heading', 'Changed');
    await waitFor(() => host.shadowRoot!.querySelector('h2')?.textContent === 'Changed', { message: 'heading update' });
  });

  it('does not send anything while required fields are empty or the email is invalid (native validation)', async () => {
    const { apiBase, key } = stub('success');
    const host = form(apiBase);
    submit(host);
    fillAll(host, { ...filled, email: 'not-an-email' });
    submit(host);
    await new Promise((r) => setTimeout(r, 200));
    equal((await requests(key)).count, 0, 'no request');
    equal(host.shadowRoot!.querySelector('form')!.checkValidity(), false);
  });

  it('success: posts exactly the six spec keys, shows the server message, clears the fields, fires registration-success', async () => {
    const { apiBase, key } = stub('success');
    const host = form(apiBase, 'data-extra="x" heading="Hi"');
    fillAll(host, filled);
    const event = nextEvent(document, 'registration-success');
    submit(host);
    const toast = await waitForToast('Registration Successful!');
    equal(toast.description, SERVER_OK);
    equal(toast.region, 'status');
    equal(toast.live, 'polite');
    const { count, lastBody, contentType } = await requests(key);
    equal(count, 1);
    ok(contentType.startsWith('application/json'), `content type ${contentType}`);
    deepEqual(Object.keys(JSON.parse(lastBody)), ['name', 'email', 'phone', 'societyName', 'city', 'position']);
    deepEqual(JSON.parse(lastBody), filled);
    const e = await event;
    deepEqual(e.detail, { kind: 'society' });
    equal(e.bubbles && e.composed, true);
    equal(e.target, host);
    await waitFor(() => Object.values(valuesOf(host, names)).every((v) => v === ''), { message: 'fields cleared' });
    await waitFor(() => button(host).textContent === 'Register Society for Free', { message: 'idle again' });
  });

  it('sends position as an empty string when it is left empty', async () => {
    const { apiBase, key } = stub('success');
    const host = form(apiBase);
    fillAll(host, { ...filled, position: '' });
    submit(host);
    await waitForToast('Registration Successful!');
    deepEqual(JSON.parse((await requests(key)).lastBody), { ...filled, position: '' });
  });

  it('success with a message not beginning "Society request submitted successfully. We": shows the standard text', async () => {
    const host = form(stub('success-other-message').apiBase);
    fillAll(host, filled);
    submit(host);
    equal((await waitForToast('Registration Successful!')).description, FALLBACK_OK);
  });

  it('shows "Submitting..." on a disabled button while the request is in flight, then returns to idle', async () => {
    const { apiBase, key } = stub('slow');
    const host = form(apiBase);
    fillAll(host, filled);
    submit(host);
    await settle();
    equal(button(host).textContent, 'Submitting...');
    equal(button(host).disabled, true);
    equal(host.shadowRoot!.querySelector('form')!.getAttribute('aria-busy'), 'true');
    submit(host); // a click on the disabled button does nothing
    host.shadowRoot!.querySelector('form')!.requestSubmit(); // neither does a second submit
    await waitForToast('Registration Successful!');
    await waitFor(() => button(host).textContent === 'Register Society for Free', { message: 'idle again' });
    equal(button(host).disabled, false);
    equal((await requests(key)).count, 1);
  });

  const failures = [
    { scenario: 'success-false-with-message', description: 'This society is already registered.', reason: 'server', status: 200 },
    { scenario: 'success-false-without-message', description: 'Something went wrong. Please try again.', reason: 'server', status: 200 },
    { scenario: 'http-400-json', description: 'Please enter a valid phone number.', reason: 'server', status: 400 },
    { scenario: 'http-500-html', description: NETWORK, reason: 'invalid-response', status: 500 },
    { scenario: 'not-json', description: NETWORK, reason: 'invalid-response', status: 200 },
    { scenario: 'network', description: NETWORK, reason: 'network', status: undefined },
  ];
  for (const { scenario, description, reason, status } of failures) {
    it(`${scenario}: destructive "Registration Failed" / "${description}", fields kept, registration-error ${reason}`, async () => {
      const { apiBase, key } = stub(scenario);
      const host = form(apiBase);
      fillAll(host, filled);
      const event = nextEvent<Record<string, unknown>>(host, 'registration-error');
      submit(host);
      const toast = await waitForToast('Registration Failed');
      equal(toast.description, description);
      equal(toast.variant, 'destructive');
      equal(toast.region, 'alert');
      equal(toast.live, 'assertive');
      deepEqual((await event).detail, status === undefined ? { kind: 'society', reason } : { kind: 'society', reason, status });
      deepEqual(valuesOf(host, names), filled, 'fields kept');
      await waitFor(() => button(host).textContent === 'Register Society for Free', { message: 'idle again' });
      equal(button(host).disabled, false);
      // Chromium retries once by itself when a reused connection is reset.
      const { count } = await requests(key);
      ok(scenario === 'network' ? count >= 1 : count === 1, `${count} request(s)`);
    });
  }

  it('with no api-base, posts to the origin the widget script came from', async () => {
    const before_ = (await requests('root-addSocietyQuery')).count;
    const host = mount('<society-registration></society-registration>');
    fillAll(host, filled);
    submit(host);
    await waitForToast('Registration Successful!');
    equal((await requests('root-addSocietyQuery')).count, before_ + 1);
  });

  it('adds one <toast-host> at the end of <body> when the page has none', () => {
    const hosts = document.querySelectorAll('toast-host');
    equal(hosts.length, 1);
    equal(hosts[0].parentElement, document.body);
  });
});
