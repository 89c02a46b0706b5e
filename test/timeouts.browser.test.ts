/**
 * The 15-second limit on both calls, for real: the stub answers only after 16 s. Both
 * forms wait in parallel, so the file takes about 15 s.
 */
import {
  after, before, deepEqual, describe, equal, fillAll, it, loadWidget, mount, nextEvent, ok, stub, submit, valuesOf, waitFor, waitForToast, button, cleanup,
} from './browser-stub/helpers.ts';

describe('request timeout (15 s)', () => {
  before(async () => {
    await loadWidget('society-registration');
    await loadWidget('career-application');
  });
  after(() => cleanup());

  it('a call without an answer within 15 s becomes the network-error toast for the society form and the error toast for the career form', async function () {
    this.timeout(25_000);
    const society = mount(`<society-registration api-base="${stub('hang').apiBase}"></society-registration>`);
    const career = mount(`<career-application api-base="${stub('hang').apiBase}"></career-application>`);
    const societyValues = { name: 'A', email: 'a@example.com', phone: '9876543210', societyName: 'S', city: 'C', position: '' };
    const careerValues = {
      fullName: 'B', email: 'b@example.com', phone: '9876543211', college: 'X', course: 'MCA', yearOfStudy: '1', areaOfInterest: 'member-technical-staff', whyJoin: 'Y',
    };
    fillAll(society, societyValues);
    fillAll(career, careerValues);
    const started = performance.now();
    const societyError = nextEvent(society, 'registration-error', 20_000);
    const careerError = nextEvent(career, 'application-error', 20_000);
    submit(society);
    submit(career);

    const s = await societyError;
    const elapsed = performance.now() - started;
    ok(elapsed > 14_500 && elapsed < 16_000, `gave up after ${Math.round(elapsed)} ms`);
    deepEqual(s.detail, { kind: 'society', reason: 'timeout' });
    deepEqual((await careerError).detail, { kind: 'career', reason: 'timeout' });

    equal((await waitForToast('Registration Failed')).description, 'Network error. Please check your connection and try again.');
    equal((await waitForToast('Error')).description, 'There was an error submitting your application. Please try again.');
    deepEqual(valuesOf(society, Object.keys(societyValues)), societyValues);
    deepEqual(valuesOf(career, Object.keys(careerValues)), careerValues);
    await waitFor(() => button(society).textContent === 'Register Society for Free', { message: 'idle again' });
    equal(button(society).disabled, false);
  });
});
