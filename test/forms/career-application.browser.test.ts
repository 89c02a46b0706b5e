/**
 * <career-application>, built as partners load it, against the stub intake server:
 * markup, the payload mapping (fullName → name, whyJoin → message, no resume), every
 * failure of the spec's catalogue (§8), no submitting state, the double-submit guard.
 */
import { expect, fixture, oneEvent, waitUntil } from '@open-wc/testing';
import { fieldNames } from '../../contract/lead-contract.ts';
import {
  button, clearToasts, control, fillAll, loadWidget, release, requests, sendOnceThenAnother, stub, submit, valuesOf, waitForToast,
} from '../browser-stub/helpers.ts';
import { VALID_CAREER } from '../helpers/fixtures.ts';

const names = ['fullName', 'email', 'phone', 'college', 'course', 'yearOfStudy', 'areaOfInterest', 'whyJoin'];
const payload = VALID_CAREER;
/** The spec's controls, spelled out here (not taken from the contract) since this test checks the mapping. */
const filled = {
  fullName: payload.name,
  email: payload.email,
  phone: payload.phone,
  college: payload.college,
  course: payload.course,
  yearOfStudy: payload.yearOfStudy,
  areaOfInterest: payload.areaOfInterest,
  whyJoin: payload.message,
};
const ERROR = 'There was an error submitting your application. Please try again.';

const form = (apiBase: string, extra = '') => fixture<HTMLElement>(`<career-application api-base="${apiBase}" ${extra}></career-application>`);

describe('<career-application>', () => {
  before(async () => {
    await loadWidget('career-application');
  });
  beforeEach(() => clearToasts());
  after(() => clearToasts());

  it('renders every field, all required, with native selects and their placeholders', async () => {
    const host = await form(stub('ok').apiBase);
    const root = host.shadowRoot!;
    for (const name of names) {
      const el = control<HTMLInputElement>(host, name);
      expect(el.required, `${name} required`).to.equal(true);
      expect(el.labels?.length, `${name} has one label`).to.equal(1);
      expect(el.labels![0]!.getRootNode(), `${name} labelled in the same root`).to.equal(root);
      expect(el.getAttribute('part')).to.equal('input');
    }
    expect(control(host, 'email').type).to.equal('email');
    expect(control(host, 'phone').type).to.equal('tel');
    expect(control(host, 'fullName').getAttribute('autocomplete')).to.equal('name');
    expect(control(host, 'college').getAttribute('autocomplete')).to.equal('organization');
    expect(control(host, 'yearOfStudy').placeholder).to.equal('e.g. 3rd year or Graduated');
    expect(control(host, 'whyJoin').tagName).to.equal('TEXTAREA');
    const course = control<HTMLSelectElement>(host, 'course');
    expect([...course.options].map((o) => [o.value, o.text])).to.deep.equal([
      ['', 'Select your course'],
      ...['BCA', 'MCA', 'B.Tech', 'M.Tech', 'BBA', 'MBA', 'Other'].map((c) => [c, c]),
    ]);
    const area = control<HTMLSelectElement>(host, 'areaOfInterest');
    expect([...area.options].map((o) => [o.value, o.text])).to.deep.equal([
      ['', 'Choose your preferred role'],
      ['tech-intern', 'Tech Intern'],
      ['marketing-sales-intern', 'Marketing & Sales Intern'],
      ['member-technical-staff', 'Member of Technical Staff'],
    ]);
    const cv = root.querySelector<HTMLInputElement>('input[type="file"]');
    expect(cv?.name, 'the optional CV control').to.equal('resume');
    expect(cv!.required).to.equal(false);
    expect(root.querySelector('h2')?.textContent).to.equal('Apply Now');
    expect(button(host).disabled).to.equal(false);
  });

  it('does not send anything while a dropdown is left on its placeholder (native validation)', async () => {
    const { apiBase, key } = stub('ok');
    const host = await form(apiBase);
    // The same check sees a request when one is made: a valid submit first, counted once.
    await sendOnceThenAnother(host, key, filled);
    fillAll(host, { ...filled, course: '' });
    const invalid: string[] = [];
    host.shadowRoot!.addEventListener('invalid', (e) => invalid.push((e.target as HTMLSelectElement).name), true);
    submit(host);
    expect(invalid, 'the browser refused the form').to.deep.equal(['course']);
    expect(control<HTMLSelectElement>(host, 'course').validity.valueMissing).to.equal(true);
    expect((await requests(key)).count, 'no request beyond the valid submit').to.equal(1);
    // And after: a corrected submit is counted.
    fillAll(host, filled);
    submit(host);
    await waitUntil(async () => (await requests(key)).count === 2, 'the corrected submit reached the stub', { timeout: 5000 });
  });

  it('OK: posts exactly the eight payload keys (name ← fullName, message ← whyJoin, no resume), confirms in place of the form, fires application-success; another form comes back empty', async () => {
    const { apiBase, key } = stub('ok');
    const host = await form(apiBase, 'heading="Join the team" resume="x"');
    fillAll(host, filled);
    const event = oneEvent<CustomEvent>(document, 'application-success');
    submit(host);
    const toast = await waitForToast('Application Submitted!');
    expect(toast.description).to.equal('Thanks for applying! Our team will review your application and connect with you shortly.');
    expect(toast.region).to.equal('status');
    const { count, lastBody } = await requests(key);
    expect(count).to.equal(1);
    expect(Object.keys(JSON.parse(lastBody)), 'every field of the contract, in payload order').to.deep.equal(fieldNames('career'));
    expect(JSON.parse(lastBody)).to.deep.equal(payload);
    const e = await event;
    expect(e.detail).to.deep.equal({ kind: 'career' });
    expect(e.target).to.equal(host);
    await waitUntil(() => host.shadowRoot!.querySelector('.confirmation') && !host.shadowRoot!.querySelector('form'), 'the confirmation', { timeout: 5000 });
    host.shadowRoot!.querySelector<HTMLButtonElement>('.confirmation button')!.click();
    await waitUntil(() => host.shadowRoot!.querySelector('form'), 'the form is back', { timeout: 5000 });
    expect(valuesOf(host, names), 'fields cleared').to.deep.equal(Object.fromEntries(names.map((n) => [n, ''])));
  });

  it('OK with {success:false} in the body is still a success (no body field is used)', async () => {
    const host = await form(stub('success-false-with-message').apiBase);
    fillAll(host, filled);
    submit(host);
    await waitForToast('Application Submitted!');
  });

  it('has no submitting state and never disables the button; a second submit while one is in flight sends nothing', async () => {
    const { apiBase, key } = stub('held');
    const host = await form(apiBase);
    fillAll(host, filled);
    submit(host);
    await waitUntil(async () => (await requests(key)).count === 1, 'the request reached the stub', { timeout: 5000 });
    expect(button(host).disabled).to.equal(false);
    expect(button(host).textContent).to.equal('Submit Application');
    expect(host.shadowRoot!.querySelector('form')!.hasAttribute('aria-busy')).to.equal(false);
    submit(host);
    host.shadowRoot!.querySelector('form')!.requestSubmit();
    await release(key);
    await waitForToast('Application Submitted!');
    expect((await requests(key)).count, 'one request').to.equal(1);
  });

  const failures = [
    { scenario: 'http-400-json', reason: 'http', status: 400 },
    { scenario: 'http-500-html', reason: 'http', status: 500 },
    { scenario: 'not-json', reason: 'invalid-response', status: 200 },
    { scenario: 'network', reason: 'network', status: undefined },
  ];
  for (const { scenario, reason, status } of failures) {
    it(`${scenario}: destructive "Error" toast, fields kept, application-error ${reason}`, async () => {
      const { apiBase } = stub(scenario);
      const host = await form(apiBase);
      fillAll(host, filled);
      const event = oneEvent<CustomEvent>(host, 'application-error');
      submit(host);
      const toast = await waitForToast('Error');
      expect(toast.description).to.equal(ERROR);
      expect(toast.variant).to.equal('destructive');
      expect(toast.region).to.equal('alert');
      expect((await event).detail).to.deep.equal(status === undefined ? { kind: 'career', reason } : { kind: 'career', reason, status });
      expect(valuesOf(host, names), 'fields kept').to.deep.equal(filled);
      expect(button(host).disabled).to.equal(false);
    });
  }
});
