/**
 * <career-application>, built as partners load it, against the stub intake server:
 * markup, the payload mapping (fullName → name, whyJoin → message, no resume), every
 * failure of the spec's catalogue (§8), no submitting state, the double-submit guard.
 */
import {
  after, afterEach, before, beforeEach, button, cleanup, clearToasts, control, deepEqual, describe, equal, fillAll, it,
  loadWidget, mount, nextEvent, settle, ok, requests, stub, submit, valuesOf, waitFor, waitForToast,
} from './browser-stub/helpers.ts';

const names = ['fullName', 'email', 'phone', 'college', 'course', 'yearOfStudy', 'areaOfInterest', 'whyJoin'];
const filled = {
  fullName: 'Rohan Mehta',
  email: 'rohan@example.com',
  phone: '9876543210',
  college: 'Delhi University',
  course: 'B.Tech',
  yearOfStudy: '3rd year',
  areaOfInterest: 'tech-intern',
  whyJoin: 'I want to build software that many people use.',
};
const payload = {
  name: filled.fullName,
  email: filled.email,
  phone: filled.phone,
  college: filled.college,
  course: filled.course,
  yearOfStudy: filled.yearOfStudy,
  areaOfInterest: filled.areaOfInterest,
  message: filled.whyJoin,
};
const ERROR = 'There was an error submitting your application. Please try again.';

const form = (apiBase: string, extra = '') => mount(`<career-application api-base="${apiBase}" ${extra}></career-application>`);

describe('<career-application>', () => {
  before(async () => {
    await loadWidget('career-application');
  });
  beforeEach(() => clearToasts());
  afterEach(() => cleanup());
  after(() => clearToasts());

  it('renders every field, all required, with native selects and their placeholders', () => {
    const host = form(stub('ok').apiBase);
    const root = host.shadowRoot!;
    for (const name of names) {
      const el = control<HTMLInputElement>(host, name);
      equal(el.required, true, `${name} required`);
      ok(el.labels?.length === 1 && el.labels[0].getRootNode() === root, `${name} labelled in the same root`);
      equal(el.getAttribute('part'), 'input');
    }
    equal(control(host, 'email').type, 'email');
    equal(control(host, 'phone').type, 'tel');
    equal(control(host, 'fullName').getAttribute('autocomplete'), 'name');
    equal(control(host, 'college').getAttribute('autocomplete'), 'organization');
    equal(control(host, 'yearOfStudy').placeholder, 'e.g. 3rd year or Graduated');
    equal(control(host, 'whyJoin').tagName, 'TEXTAREA');
    const course = control<HTMLSelectElement>(host, 'course');
    deepEqual(
      [...course.options].map((o) => [o.value, o.text]),
      [['', 'Select your course'], ...['BCA', 'MCA', 'B.Tech', 'M.Tech', 'BBA', 'MBA', 'Other'].map((c) => [c, c])],
    );
    const area = control<HTMLSelectElement>(host, 'areaOfInterest');
    deepEqual(
      [...area.options].map((o) => [o.value, o.text]),
      [
        ['', 'Choose your preferred role'],
        ['tech-intern', 'Tech Intern'],
        ['marketing-sales-intern', 'Marketing & Sales Intern'],
        ['member-technical-staff', 'Member of Technical Staff'],
      ],
    );
    ok(!root.querySelector('input[type="file"]'), 'no resume upload');
    equal(root.querySelector('h2')?.textContent, 'Apply Now');
    equal(button(host).disabled, false);
  });

  it('does not send anything while a dropdown is left on its placeholder (native validation)', async () => {
    const { apiBase, key } = stub('ok');
    const host = form(apiBase);
    fillAll(host, { ...filled, course: '' });
    submit(host);
    await new Promise((r) => setTimeout(r, 200));
    equal((await requests(key)).count, 0);
    equal(control<HTMLSelectElement>(host, 'course').validity.valueMissing, true);
  });

  it('OK: posts exactly the eight payload keys (name ← fullName, message ← whyJoin, no resume), clears the fields, fires application-success', async () => {
    const { apiBase, key } = stub('ok');
    const host = form(apiBase, 'heading="Join the team" resume="x"');
    fillAll(host, filled);
    const event = nextEvent(document, 'application-success');
    submit(host);
    const toast = await waitForToast('Application Submitted!');
    equal(toast.description, 'Thanks for applying! Our team will review your application and connect with you shortly.');
    equal(toast.region, 'status');
    const { count, lastBody } = await requests(key);
    equal(count, 1);
    deepEqual(Object.keys(JSON.parse(lastBody)), Object.keys(payload));
    deepEqual(JSON.parse(lastBody), payload);
    const e = await event;
    deepEqual(e.detail, { kind: 'career' });
    equal(e.target, host);
    await waitFor(() => Object.values(valuesOf(host, names)).every((v) => v === ''), { message: 'fields cleared' });
  });

  it('OK with {success:false} in the body is still a success (no body field is used)', async () => {
    const host = form(stub('success-false-with-message').apiBase);
    fillAll(host, filled);
    submit(host);
    await waitForToast('Application Submitted!');
  });

  it('has no submitting state and never disables the button; a second submit while one is in flight sends nothing', async () => {
    const { apiBase, key } = stub('slow');
    const host = form(apiBase);
    fillAll(host, filled);
    submit(host);
    await settle();
    equal(button(host).disabled, false);
    equal(button(host).textContent, 'Submit Application');
    submit(host);
    host.shadowRoot!.querySelector('form')!.requestSubmit();
    await waitForToast('Application Submitted!');
    equal((await requests(key)).count, 1, 'one request');
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
      const host = form(apiBase);
      fillAll(host, filled);
      const event = nextEvent<Record<string, unknown>>(host, 'application-error');
      submit(host);
      const toast = await waitForToast('Error');
      equal(toast.description, ERROR);
      equal(toast.variant, 'destructive');
      equal(toast.region, 'alert');
      deepEqual((await event).detail, status === undefined ? { kind: 'career', reason } : { kind: 'career', reason, status });
      deepEqual(valuesOf(host, names), filled, 'fields kept');
      equal(button(host).disabled, false);
    });
  }
});
