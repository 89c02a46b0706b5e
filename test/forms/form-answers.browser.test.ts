/**
 * Answers a visitor cannot miss (issue 12) and what a lead POST carries besides the
 * spec's body (issues 11, 13, 14), for both forms, against the stub intake server:
 * - success: a confirmation in the form's place that is still there 10 s later (fake
 *   clock) while the spec's toast comes and goes; "send another" brings a new, empty
 *   form with nothing marked invalid and its first field focused;
 * - a new submit withdraws that form's earlier toasts (and only that form's);
 * - the browser refuses a 5-digit phone and a malformed email, saying why, before any request;
 * - a refusal naming a field marks it (aria-invalid, aria-describedby) and focuses it;
 * - `partner` → `?partner=`; an invalid one is not sent and is warned about;
 * - the ALTCHA solution in X-Altcha (verified by the stub), or no header when the
 *   challenge fails or is not solved within about 2 s; X-Notice-Version always;
 * - the collection notice inside the shadow root, with absolute links.
 */
import { expect, fixture, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import { collectionNotice, NOTICE_VERSION } from '../../contract/collection-notice.ts';
import { EN_NOTICE } from '../../contract/messages/en.ts';
import { widgetApi } from '../../widgets/registry/api.ts';
import { PHONE_PATTERN } from '../../contract/lead-contract.ts';
import {
  button, clearToasts, control, currentToasts, fillAll, frameUntil, loadWidget, requests, sendOnceThenAnother, statePartNames, stub, submit, submitAgain, toastHost, waitForToast,
} from '../browser-stub/helpers.ts';
import { formValues, VALID_SOCIETY } from '../helpers/fixtures.ts';

const society = {
  tag: 'society-registration',
  values: VALID_SOCIETY,
  first: 'name',
  successTitle: 'Registration Successful!',
  failureTitle: 'Registration Failed',
  errorEvent: 'registration-error',
};
const career = {
  tag: 'career-application',
  values: formValues('career'),
  first: 'fullName',
  successTitle: 'Application Submitted!',
  failureTitle: 'Error',
  errorEvent: 'application-error',
};

const mount = (tag: string, apiBase: string, extra = '') => fixture<HTMLElement>(`<${tag} api-base="${apiBase}" ${extra}></${tag}>`);
const shadow = (host: Element) => host.shadowRoot!;
const confirmation = (host: Element) => shadow(host).querySelector<HTMLElement>('.confirmation');
const until = (check: () => unknown, message: string, timeout = 5000) => waitUntil(check, message, { timeout });

describe('form answers', () => {
  let clock: sinon.SinonFakeTimers | undefined;
  before(async () => {
    await loadWidget('society-registration');
    await loadWidget('career-application');
  });
  beforeEach(() => clearToasts());
  afterEach(() => {
    clock?.restore();
    clock = undefined;
    sinon.restore();
  });
  after(() => clearToasts());

  for (const form of [society, career]) {
    describe(`<${form.tag}>`, () => {
      it('after success: the confirmation replaces the form and is still there 10 s later; the earlier toasts are gone; another form is new, empty and valid-looking', async () => {
        const failing = stub(form === society ? 'success-false-with-message' : 'http-500-html');
        const host = await mount(form.tag, failing.apiBase);
        fillAll(host, form.values);
        submit(host);
        const failure = await waitForToast(form.failureTitle);

        const { apiBase } = stub('success');
        host.setAttribute('api-base', apiBase);
        clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldClearNativeTimers: true });
        await submitAgain(host);
        const success = await waitForToast(form.successTitle);
        expect(failure.toast.isConnected, 'the failure toast of this form was withdrawn when it was submitted again').to.equal(false);
        expect(toastHost().toasts(), 'only the success toast').to.deep.equal([success.toast]);
        expect(success.region, 'the spec toast is still announced (polite region)').to.equal('status');

        await frameUntil(() => confirmation(host), 'a confirmation');
        const panel = confirmation(host);
        expect(shadow(host).querySelector('form'), 'in place of the form').to.equal(null);
        expect(panel!.matches('[part~="form"][part~="confirmation"]'), 'documented parts').to.equal(true);
        expect(panel!.querySelector('[part~="confirmation-message"]')?.textContent).to.equal(success.description);
        expect(panel!.querySelector('h2')!.textContent).to.equal(form.successTitle);
        expect(panel!.textContent).to.include(success.description);
        expect(shadow(host).activeElement, 'its heading has the focus').to.equal(panel!.querySelector('h2'));

        await clock.tickAsync(10_000);
        await frameUntil(() => toastHost().toasts().length === 0, 'the toast left by itself');
        expect(confirmation(host)?.isConnected, 'the confirmation is still shown 10 s later').to.equal(true);
        clock.restore();
        clock = undefined;

        confirmation(host)!.querySelector('button')!.click();
        await until(() => shadow(host).querySelector('form'), 'the form is back');
        const controls = [...shadow(host).querySelectorAll<HTMLInputElement>('[part~="input"]')];
        expect(controls.every((c) => c.value === ''), 'every field empty').to.equal(true);
        expect(shadow(host).querySelectorAll(':user-invalid').length, 'no field shows as invalid').to.equal(0);
        expect(shadow(host).querySelectorAll('[aria-invalid="true"]').length).to.equal(0);
        expect((shadow(host).activeElement as HTMLInputElement | null)?.name, 'the first field has the focus').to.equal(form.first);
      });

      it('a new submit withdraws this form’s earlier toasts only', async () => {
        const other = await mount(form === society ? career.tag : society.tag, stub('http-500-html').apiBase);
        fillAll(other, form === society ? career.values : society.values);
        submit(other);
        const othersToast = await waitForToast(form === society ? career.failureTitle : society.failureTitle);

        const host = await mount(form.tag, stub('http-500-html').apiBase);
        fillAll(host, form.values);
        submit(host);
        const first = await waitForToast(form.failureTitle, { seen: new Set([othersToast.toast]) });
        const seen = currentToasts();
        await submitAgain(host);
        await waitForToast(form.failureTitle, { seen });
        expect(first.toast.isConnected, 'its earlier toast is gone').to.equal(false);
        expect(othersToast.toast.isConnected, 'the other form’s toast stays').to.equal(true);
      });

      it('the browser refuses a 5-digit phone and a malformed email before anything is sent, and says why', async () => {
        const { apiBase, key } = stub('success');
        const host = await mount(form.tag, apiBase);
        // The same check sees a request when one is made: a valid submit first, counted once.
        await sendOnceThenAnother(host, key, form.values);
        const invalid: string[] = [];
        shadow(host).addEventListener('invalid', (e) => invalid.push((e.target as HTMLInputElement).name), true);
        fillAll(host, { ...form.values, phone: '98220' });
        submit(host);
        expect(invalid).to.deep.equal(['phone']);
        expect(control(host, 'phone').validationMessage).to.equal('Please enter a valid phone number.');
        expect(shadow(host).activeElement, 'the browser focuses the phone').to.equal(control(host, 'phone'));

        fillAll(host, { ...form.values, email: 'asha@example' });
        invalid.length = 0;
        submit(host);
        expect(invalid).to.deep.equal(['email']);
        expect(control(host, 'email').validationMessage).to.equal('Please enter a valid email address.');
        expect(control(host, 'phone').validity.valid, 'the corrected phone is accepted').to.equal(true);

        expect(control(host, 'phone').pattern, 'the lead contract’s phone rule').to.equal(PHONE_PATTERN);
        expect(control(host, 'phone').inputMode).to.equal('tel');
        expect((await requests(key)).count, 'no request beyond the valid submit').to.equal(1);

        // And after: a corrected submit is counted.
        fillAll(host, form.values);
        submit(host);
        await waitUntil(async () => (await requests(key)).count === 2, 'the corrected submit reached the stub', { timeout: 5000 });
      });

      it('a refusal naming the phone marks the phone field and moves focus there; the toast text stays the spec’s', async () => {
        const host = await mount(form.tag, stub('http-400-json').apiBase);
        fillAll(host, form.values);
        const event = oneEvent(host, form.errorEvent);
        submit(host);
        const toast = await waitForToast(form.failureTitle);
        await event;
        expect(toast.description).to.equal(
          form === society ? 'Please enter a valid phone number.' : 'There was an error submitting your application. Please try again.',
        );
        const phone = control(host, 'phone');
        await until(() => phone.getAttribute('aria-invalid') === 'true', 'the phone marked invalid');
        const described = shadow(host).getElementById(phone.getAttribute('aria-describedby')!);
        expect(described?.textContent).to.equal('Please enter a valid phone number.');
        expect(described?.matches('[part~="field-error"]'), 'documented part').to.equal(true);
        expect(shadow(host).activeElement).to.equal(phone);
        expect(control(host, 'email').hasAttribute('aria-invalid'), 'only the phone').to.equal(false);
        expect(phone.value, 'the value is kept').to.equal(form.values.phone);

        await sendKeys({ type: '1' });
        await until(() => !phone.hasAttribute('aria-invalid'), 'the mark goes when the visitor edits the field');
        expect(phone.hasAttribute('aria-describedby')).to.equal(false);
      });

      it('partner="greenpark-rwa" arrives as ?partner=; an invalid partner id is not sent and is warned about', async () => {
        const good = stub('success');
        const host = await mount(form.tag, good.apiBase, 'partner="greenpark-rwa"');
        fillAll(host, form.values);
        submit(host);
        await waitForToast(form.successTitle);
        const record = await requests(good.key);
        // The form's page follows the partner id (the funnel's, never in the body).
        const path = form === society ? 'addSocietyQuery' : 'addQuery';
        expect(record.lastUrl).to.equal(`/stub/${good.key}/${path}?partner=greenpark-rwa&page=${encodeURIComponent(location.pathname)}`);
        expect(Object.keys(JSON.parse(record.lastBody))).to.not.include('partner');

        const warn = sinon.stub(console, 'warn');
        const bad = stub('success');
        const other = await mount(form.tag, bad.apiBase, 'partner="Green Park!"');
        expect(warn.calledWithMatch(/partner="Green Park!" is not a valid partner id/), 'a console warning').to.equal(true);
        fillAll(other, form.values);
        const seen = currentToasts();
        submit(other);
        await waitForToast(form.successTitle, { seen });
        expect((await requests(bad.key)).lastUrl).to.equal(`/stub/${bad.key}/${path}?page=${encodeURIComponent(location.pathname)}`);
      });

      it('solves the ALTCHA challenge while the visitor types and sends it in X-Altcha, with X-Notice-Version', async () => {
        const { apiBase, key } = stub('success');
        const host = await mount(form.tag, apiBase);
        control(host, form.first).focus();
        await until(async () => (await requests(key)).challenges === 1, 'a challenge fetched on first focus');
        fillAll(host, form.values);
        submit(host);
        await waitForToast(form.successTitle);
        const record = await requests(key);
        expect(record.altcha, 'X-Altcha sent').to.be.a('string');
        expect(record.altchaValid, 'the solution verifies').to.equal(true);
        expect(record.noticeVersion).to.equal(NOTICE_VERSION);
        expect(record.challenges, 'one challenge for one submit').to.equal(1);
      });

      it('submits without X-Altcha when the challenge endpoint fails', async () => {
        const { apiBase, key } = stub('no-challenge');
        const host = await mount(form.tag, apiBase);
        fillAll(host, form.values);
        await until(async () => (await requests(key)).challenges === 1, 'a challenge asked for');
        submit(host);
        await waitForToast(form.successTitle);
        const record = await requests(key);
        expect(record.count).to.equal(1);
        expect(record.altcha).to.equal(null);
        expect(record.noticeVersion).to.equal(NOTICE_VERSION);
      });

      it('waits about 2 s for a solve still running, then submits without it', async function () {
        this.timeout(15_000);
        const { apiBase, key } = stub('hard-challenge');
        const host = await mount(form.tag, apiBase);
        fillAll(host, form.values);
        await until(async () => (await requests(key)).challenges === 1, 'a challenge asked for');
        const started = performance.now();
        submit(host);
        await until(async () => (await requests(key)).count === 1, 'the request sent', 8000);
        const waited = performance.now() - started;
        expect(waited).to.be.within(1800, 6000);
        expect((await requests(key)).altcha).to.equal(null);
        await waitForToast(form.successTitle);
      });

      it('shows the collection notice inside its shadow root, with absolute links to the full notice and a contact', async () => {
        const host = await mount(form.tag, stub('success').apiBase);
        const notice = shadow(host).querySelector<HTMLElement>('[part="notice"]');
        expect(notice, 'the notice').to.exist;
        expect(notice!.closest('form'), 'part of the form, above its button').to.equal(shadow(host).querySelector('form'));
        expect(notice!.compareDocumentPosition(button(host)) & Node.DOCUMENT_POSITION_FOLLOWING).to.be.greaterThan(0);
        const expected = collectionNotice(form === society ? 'society' : 'career', { contactEmail: 'x', siteUrl: location.origin, text: EN_NOTICE });
        expect(notice!.textContent).to.include(expected.collected);
        expect(notice!.textContent).to.include(expected.purpose);
        expect(notice!.textContent).to.include('12 months');
        const links = [...notice!.querySelectorAll('a')].map((a) => a.href);
        expect(links, 'the full notice, absolute to the site the script came from').to.include(`${location.origin}/privacy-policy#website-forms`);
        expect(links.some((href) => href.startsWith('mailto:')), 'how to withdraw').to.equal(true);
      });
    });
  }

  it('documents every part a state adds (refused field, confirmation) in the public API', () => {
    for (const tag of [society.tag, career.tag]) {
      const parts = widgetApi.find((api) => api.tag === tag)!.cssParts.map((p) => p.name);
      for (const name of statePartNames) expect(parts, `<${tag}> ${name}`).to.include(name);
    }
  });

  it('the career button is never disabled while a request is in flight, and a double submit still sends one request', async () => {
    const { apiBase, key } = stub('hard-challenge');
    const host = await mount(career.tag, apiBase);
    fillAll(host, career.values);
    submit(host);
    expect(button(host).disabled).to.equal(false);
    submit(host);
    await until(async () => (await requests(key)).count === 1, 'one request', 8000);
    await waitForToast(career.successTitle);
    expect((await requests(key)).count).to.equal(1);
  });
});

describe('the browser stub', () => {
  it('fails on a key of no known scenario instead of reading as "nothing sent"', async () => {
    let error: unknown;
    try {
      await requests('sucess--typo');
    } catch (e) {
      error = e;
    }
    expect(String(error)).to.match(/unknown scenario/);
    expect((await requests(stub('success').key)).count, 'a known key reads as a record').to.equal(0);
  });
});
