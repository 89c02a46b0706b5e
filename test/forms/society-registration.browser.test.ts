/**
 * <society-registration>, built as partners load it, against the stub intake server:
 * markup and native validation, the exact payload, every row of the spec's error
 * catalogue (§8) with the fields kept or cleared, the submitting state, the events.
 */
import { expect, fixture, oneEvent, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import { fieldNames } from '../../contract/lead-contract.ts';
import {
  button, clearToasts, control, fillAll, loadWidget, release, requests, sendOnceThenAnother, stub, submit, valuesOf, waitForToast,
} from '../browser-stub/helpers.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';

/** The contract's fields, so a field added there is filled, sent and checked here too. */
const names = fieldNames('society');
const filled: Record<string, string> = {
  ...VALID_SOCIETY,
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
const IDLE = 'Register Society for Free';

const form = (apiBase: string, extra = '') => fixture<HTMLElement>(`<society-registration api-base="${apiBase}" ${extra}></society-registration>`);
const idleAgain = (host: Element) => waitUntil(() => button(host).textContent === IDLE, 'the button is idle again', { timeout: 5000 });
const confirmed = (host: Element) =>
  waitUntil(() => host.shadowRoot!.querySelector('.confirmation') && !host.shadowRoot!.querySelector('form'), 'the confirmation in place of the form', { timeout: 5000 });
/** From the confirmation back to the form. */
async function sendAnother(host: Element) {
  host.shadowRoot!.querySelector<HTMLButtonElement>('.confirmation button')!.click();
  await waitUntil(() => host.shadowRoot!.querySelector('form'), 'the form is back', { timeout: 5000 });
}

/** The URL a fetch call asked for. */
const urlOf = (input: RequestInfo | URL): string => (input instanceof Request ? input.url : input.toString());

describe('<society-registration>', () => {
  before(async () => {
    await loadWidget('society-registration');
  });
  beforeEach(() => clearToasts());
  after(() => clearToasts());

  it('renders the spec fields with names, types, labels, autocomplete and required flags in its shadow root', async () => {
    const host = await form(stub('success').apiBase);
    const root = host.shadowRoot!;
    expect(root, 'open shadow root').to.exist;
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
      expect(input.type, `${name} type`).to.equal(type);
      expect(input.getAttribute('autocomplete'), `${name} autocomplete`).to.equal(autocomplete);
      expect(input.required, `${name} required`).to.equal(required);
      expect(input.id, `${name} id`).to.equal(`society-${name}`);
      const labelEl = root.querySelector(`label[for="${input.id}"]`);
      expect(labelEl?.textContent, `${name} label`).to.equal(label);
      expect(input.labels?.[0], `${name} is labelled by it`).to.equal(labelEl);
      expect(input.getAttribute('part')).to.equal('input');
    }
    expect(root.querySelector('h2')?.textContent).to.equal('Register Your Society');
    expect(root.querySelector('[part="intro"]')?.textContent).to.equal('It takes 2 minutes. We set everything up within 24 hours — free forever.');
    expect(root.querySelector('form')!.noValidate, 'native validation is on').to.equal(false);
    expect(button(host).textContent).to.equal(IDLE);
    expect(button(host).disabled).to.equal(false);
  });

  it('lets the heading and intro attributes replace the defaults', async () => {
    const host = await form(stub('success').apiBase, 'heading="Join us" intro="Two minutes, no cost."');
    expect(host.shadowRoot!.querySelector('h2')?.textContent).to.equal('Join us');
    expect(host.shadowRoot!.querySelector('[part="intro"]')?.textContent).to.equal('Two minutes, no cost.');
    host.setAttribute('heading', 'Changed');
    await waitUntil(() => host.shadowRoot!.querySelector('h2')?.textContent === 'Changed', 'heading update', { timeout: 5000 });
  });

  it('does not send anything while required fields are empty or the email is invalid (native validation)', async () => {
    const { apiBase, key } = stub('success');
    const host = await form(apiBase);
    // The same check sees a request when one is made: a valid submit first, counted once.
    await sendOnceThenAnother(host, key, filled);
    const invalid: string[] = [];
    host.shadowRoot!.addEventListener('invalid', (e) => invalid.push((e.target as HTMLInputElement).name), true);
    submit(host);
    expect(invalid, 'the browser refused the empty form').to.deep.equal(['name', 'email', 'phone', 'societyName', 'city']);
    fillAll(host, { ...filled, email: 'not-an-email' });
    invalid.length = 0;
    submit(host);
    expect(invalid, 'the browser refused the invalid email').to.deep.equal(['email']);
    expect(control(host, 'email').validity.typeMismatch).to.equal(true);
    expect((await requests(key)).count, 'no request beyond the valid submit').to.equal(1);
    // And after: a corrected submit is counted.
    fillAll(host, filled);
    submit(host);
    await waitUntil(async () => (await requests(key)).count === 2, 'the corrected submit reached the stub', { timeout: 5000 });
  });

  it('success: posts exactly the contract\'s fields in payload order, shows the server message, confirms in place of the form, fires registration-success; another form comes back empty', async () => {
    const { apiBase, key } = stub('success');
    const host = await form(apiBase, 'data-extra="x" heading="Hi"');
    fillAll(host, filled);
    const event = oneEvent<CustomEvent>(document, 'registration-success');
    submit(host);
    const toast = await waitForToast('Registration Successful!');
    expect(toast.description).to.equal(SERVER_OK);
    expect(toast.region).to.equal('status');
    expect(toast.live).to.equal('polite');
    const { count, lastBody, contentType } = await requests(key);
    expect(count).to.equal(1);
    expect(contentType).to.equal('application/json');
    expect(Object.keys(JSON.parse(lastBody))).to.deep.equal(fieldNames('society'));
    expect(JSON.parse(lastBody)).to.deep.equal(filled);
    const e = await event;
    expect(e.detail).to.deep.equal({ kind: 'society' });
    expect(e.bubbles && e.composed).to.equal(true);
    expect(e.target).to.equal(host);
    await confirmed(host);
    await sendAnother(host);
    expect(valuesOf(host, names), 'fields cleared').to.deep.equal(Object.fromEntries(names.map((n) => [n, ''])));
    await idleAgain(host);
  });

  it('sends position as an empty string when it is left empty', async () => {
    const { apiBase, key } = stub('success');
    const host = await form(apiBase);
    fillAll(host, { ...filled, position: '' });
    submit(host);
    await waitForToast('Registration Successful!');
    expect(JSON.parse((await requests(key)).lastBody)).to.deep.equal({ ...filled, position: '' });
  });

  it('success with a message not beginning "Society request submitted successfully. We": shows the standard text', async () => {
    const host = await form(stub('success-other-message').apiBase);
    fillAll(host, filled);
    submit(host);
    expect((await waitForToast('Registration Successful!')).description).to.equal(FALLBACK_OK);
  });

  it('shows "Submitting..." on a disabled button while the request is in flight, then returns to idle', async () => {
    const { apiBase, key } = stub('held');
    const host = await form(apiBase);
    fillAll(host, filled);
    submit(host);
    await waitUntil(async () => (await requests(key)).count === 1, 'the request reached the stub', { timeout: 5000 });
    expect(button(host).textContent).to.equal('Submitting...');
    expect(button(host).disabled).to.equal(true);
    expect(host.shadowRoot!.querySelector('form')!.getAttribute('aria-busy')).to.equal('true');
    submit(host); // a click on the disabled button does nothing
    host.shadowRoot!.querySelector('form')!.requestSubmit(); // neither does a second submit
    await release(key);
    await waitForToast('Registration Successful!');
    await confirmed(host);
    await sendAnother(host);
    await idleAgain(host);
    expect(button(host).disabled).to.equal(false);
    expect((await requests(key)).count).to.equal(1);
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
      const host = await form(apiBase);
      fillAll(host, filled);
      const event = oneEvent<CustomEvent>(host, 'registration-error');
      const fetches = sinon.spy(window, 'fetch');
      submit(host);
      const toast = await waitForToast('Registration Failed').finally(() => fetches.restore());
      expect(toast.description).to.equal(description);
      expect(toast.variant).to.equal('destructive');
      expect(toast.region).to.equal('alert');
      expect(toast.live).to.equal('assertive');
      expect((await event).detail).to.deep.equal(status === undefined ? { kind: 'society', reason } : { kind: 'society', reason, status });
      expect(valuesOf(host, names), 'fields kept').to.deep.equal(filled);
      await idleAgain(host);
      expect(button(host).disabled).to.equal(false);
      const posts = fetches.getCalls().map((call) => urlOf(call.args[0])).filter((url) => url.startsWith(apiBase) && !url.includes('altcha'));
      expect(posts.length, 'the form sends once and does not retry').to.equal(1);
      // Chromium itself resends a POST whose reused keep-alive connection was reset, once per
      // idle connection it tries, so the stub may count more than one for `network`.
      const { count } = await requests(key);
      if (scenario === 'network') expect(count).to.be.at.least(1);
      else expect(count).to.equal(1);
    });
  }

  it('with no api-base, posts to the origin the widget script came from', async () => {
    const before_ = (await requests('root-addSocietyQuery')).count;
    const host = await fixture('<society-registration></society-registration>');
    fillAll(host, filled);
    submit(host);
    await waitForToast('Registration Successful!');
    expect((await requests('root-addSocietyQuery')).count).to.equal(before_ + 1);
  });

  it('adds one <toast-host> at the end of <body> when the page has none', () => {
    const hosts = document.querySelectorAll('toast-host');
    expect(hosts.length).to.equal(1);
    expect(hosts[0]!.parentElement).to.equal(document.body);
  });
});
