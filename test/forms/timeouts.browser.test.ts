/**
 * The 15-second limit on both calls, on a fake clock (sinon): the stub holds both requests
 * unanswered; the test moves the clock to 1 ms before the limit, sees nothing yet, then to
 * the limit, and both forms give up at once.
 */
import { expect, fixture, nextFrame, oneEvent } from '@open-wc/testing';
import sinon from 'sinon';
import { button, fillAll, frameUntil, loadWidget, requests, stub, submit, valuesOf, waitForToast } from '../browser-stub/helpers.ts';
import { formValues } from '../helpers/fixtures.ts';

describe('request timeout (15 s)', () => {
  let clock: sinon.SinonFakeTimers | undefined;
  before(async () => {
    await loadWidget('society-registration');
    await loadWidget('career-application');
  });
  afterEach(() => clock?.restore());

  it('a call without an answer within 15 s becomes the network-error toast for the society form and the error toast for the career form', async () => {
    const societyStub = stub('held');
    const careerStub = stub('held');
    const society = await fixture(`<society-registration api-base="${societyStub.apiBase}"></society-registration>`);
    const career = await fixture(`<career-application api-base="${careerStub.apiBase}"></career-application>`);
    const societyValues = formValues('society');
    const careerValues = formValues('career');
    fillAll(society, societyValues);
    fillAll(career, careerValues);
    const errors: string[] = [];
    society.addEventListener('registration-error', () => errors.push('society'));
    career.addEventListener('application-error', () => errors.push('career'));
    const societyError = oneEvent<CustomEvent>(society, 'registration-error');
    const careerError = oneEvent<CustomEvent>(career, 'application-error');

    // Only the timers the forms start are faked; React's scheduler kept the real ones it took at load.
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    submit(society);
    submit(career);
    await frameUntil(async () => (await requests(societyStub.key)).count === 1 && (await requests(careerStub.key)).count === 1, 'both requests held by the stub');
    expect(clock.countTimers(), 'one time limit per request').to.equal(2);

    await clock.tickAsync(14_999);
    await nextFrame();
    expect(errors, 'nothing gave up before 15 s').to.deep.equal([]);
    expect(button(society).textContent).to.equal('Submitting...');

    await clock.tickAsync(1);
    expect((await societyError).detail).to.deep.equal({ kind: 'society', reason: 'timeout' });
    expect((await careerError).detail).to.deep.equal({ kind: 'career', reason: 'timeout' });
    expect((await waitForToast('Registration Failed')).description).to.equal('Network error. Please check your connection and try again.');
    expect((await waitForToast('Error')).description).to.equal('There was an error submitting your application. Please try again.');
    expect(valuesOf(society, Object.keys(societyValues))).to.deep.equal(societyValues);
    expect(valuesOf(career, Object.keys(careerValues))).to.deep.equal(careerValues);
    await frameUntil(() => button(society).textContent === 'Register Society for Free', 'the button is idle again');
    expect(button(society).disabled).to.equal(false);
  });
});
