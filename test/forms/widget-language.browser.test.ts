/**
 * The forms in Hindi (issue 15), built as partners load them, against the stub intake
 * server: with lang="hi" every visible text of the form, its submitting state, its
 * toasts, its confirmation and its notice is Hindi; the payload is the spec's with the
 * same values; the POST says its language in Content-Language, and a refusal the stub
 * answers in Hindi is shown; without lang the form follows <html lang>.
 */
import { expect, fixture, waitUntil } from '@open-wc/testing';
import { MESSAGES_HI } from '../../contract/messages/hi.ts';
import { en } from '../../widgets/i18n/en.ts';
import { hi } from '../../widgets/i18n/hi.ts';
import {
  button, clearToasts, control, fillAll, loadWidget, release, requests, stub, submit, waitForToast,
} from '../browser-stub/helpers.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';

/** The shared valid payload with Hindi values: every field of the contract, in payload order. */
const society: Record<string, string> = {
  ...VALID_SOCIETY,
  name: 'आशा वर्मा',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  societyName: 'ग्रीन वैली अपार्टमेंट्स',
  city: 'पुणे',
  position: 'सचिव',
};
const career = {
  fullName: 'रोहन मेहता',
  email: 'rohan@example.com',
  phone: '9876543210',
  college: 'दिल्ली विश्वविद्यालय',
  course: 'Other',
  yearOfStudy: 'तीसरा साल',
  areaOfInterest: 'marketing-sales-intern',
  whyJoin: 'मैं ऐसा सॉफ़्टवेयर बनाना चाहता हूँ जिसे बहुत लोग इस्तेमाल करें।',
};
const careerPayload = {
  name: career.fullName,
  email: career.email,
  phone: career.phone,
  college: career.college,
  course: career.course,
  yearOfStudy: career.yearOfStudy,
  areaOfInterest: career.areaOfInterest,
  message: career.whyJoin,
};

/** Latin words left once the allowed ones are taken out: email addresses, course names, the loan words written in Latin. */
function latinWords(text: string): string[] {
  const allowed = /[\w.+-]+@[\w.-]+\.\w+|\b(?:BCA|MCA|B\.Tech|M\.Tech|BBA|MBA|RWA|OTP|CV|PDF|DOCX?|MB)\b/g;
  return text.replace(allowed, ' ').match(/[A-Za-z]{2,}/g) ?? [];
}

/** Everything the form shows or says: its text (options and the notice included), placeholders and accessible names. */
function visibleTexts(host: Element): string {
  const root = host.shadowRoot!;
  const card = root.querySelector('[part~="form"]')!;
  const attributes = [...card.querySelectorAll('[placeholder], [aria-label]')].flatMap((el) => [el.getAttribute('placeholder') ?? '', el.getAttribute('aria-label') ?? '']);
  const texts: string[] = [];
  const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
  return [...texts, ...attributes].join(' ');
}

function expectHindi(text: string, what: string) {
  expect(latinWords(text), `${what}: no English words`).to.deep.equal([]);
  expect(/[\u0900-\u097F]/.test(text), `${what}: Devanagari`).to.equal(true);
}

const heading = (host: Element) => host.shadowRoot?.querySelector('[part~="heading"]')?.textContent;
const inHindi = (host: Element, text: string) => waitUntil(() => heading(host) === text, `the form in Hindi ("${text}")`, { timeout: 5000 });

async function expectToastInHindi(title: string, description: string) {
  const toast = await waitForToast(title);
  expect(toast.description).to.equal(description);
  expect(toast.toast.closest('[lang]')!.getAttribute('lang'), "the toast's language").to.equal('hi');
  expectHindi(`${toast.title} ${toast.description} ${toast.toast.querySelector('button')!.getAttribute('aria-label')}`, 'the toast');
}

describe('the forms in Hindi (lang="hi")', () => {
  before(async () => {
    await loadWidget('society-registration');
    await loadWidget('career-application');
  });
  beforeEach(() => clearToasts());
  after(() => clearToasts());

  it('<society-registration lang="hi">: Hindi labels, placeholders, notice, submitting state, toast and confirmation; the spec\'s payload with the same values', async () => {
    const { apiBase, key } = stub('held');
    const host = await fixture<HTMLElement>(`<society-registration api-base="${apiBase}" lang="hi"></society-registration>`);
    await inHindi(host, hi.society.heading);
    const root = host.shadowRoot!;
    expect(root.querySelector('form')!.getAttribute('lang')).to.equal('hi');
    for (const [name, text] of Object.entries(hi.society.fields)) {
      const input = control(host, name);
      expect(root.querySelector(`label[for="${input.id}"]`)!.textContent, `${name} label`).to.equal(text.label);
      expect(input.placeholder, `${name} placeholder`).to.equal(text.placeholder);
    }
    expect(button(host).textContent).to.equal(hi.society.submit);
    const notice = root.querySelector('[part="notice"]')!.textContent;
    expect(notice).to.include(hi.notice.collected.society).and.include(hi.notice.purpose.society).and.include('12 महीने');
    expectHindi(visibleTexts(host), 'the form');

    fillAll(host, society);
    submit(host);
    await waitUntil(() => button(host).textContent === hi.society.submitting, 'the submitting state in Hindi', { timeout: 5000 });
    expect(button(host).disabled).to.equal(true);
    expectHindi(visibleTexts(host), 'the form while submitting');
    await waitUntil(async () => (await requests(key)).count === 1, 'the request sent', { timeout: 8000 });
    await release(key);

    // The stub's English success message does not begin with the Hindi prefix: the Hindi text is shown.
    await expectToastInHindi(hi.society.successTitle, hi.society.successFallback);
    await waitUntil(() => root.querySelector('.confirmation'), 'the confirmation', { timeout: 5000 });
    const confirmation = root.querySelector('.confirmation')!;
    expect(confirmation.getAttribute('lang')).to.equal('hi');
    expect(confirmation.querySelector('h2')!.textContent).to.equal(hi.society.successTitle);
    expect(confirmation.querySelector('button')!.textContent).to.equal(hi.society.again);
    expectHindi(visibleTexts(host), 'the confirmation');

    const sent = await requests(key);
    expect(sent.lastBody, 'exactly the spec body, same values').to.equal(JSON.stringify(society));
    expect(sent.contentLanguage).to.equal('hi');
    expect(sent.lastUrl).to.match(/\/addSocietyQuery\?page=[^&]+$/); // the form's page (the funnel's), no partner
  });

  it('shows a refusal the service answers in Hindi, under the field it names, with the Hindi toast title', async () => {
    const { apiBase, key } = stub('http-400-json');
    const host = await fixture<HTMLElement>(`<society-registration api-base="${apiBase}" lang="hi"></society-registration>`);
    await inHindi(host, hi.society.heading);
    fillAll(host, society);
    submit(host);
    await expectToastInHindi(hi.society.failureTitle, MESSAGES_HI.invalidPhone);
    const phone = control(host, 'phone');
    await waitUntil(() => phone.getAttribute('aria-invalid') === 'true', 'the phone marked', { timeout: 5000 });
    expect(host.shadowRoot!.querySelector('[part="field-error"]')!.textContent).to.equal(MESSAGES_HI.invalidPhone);
    expect(control(host, 'name').value, 'the fields are kept').to.equal(society.name);
    expect((await requests(key)).contentLanguage).to.equal('hi');
  });

  it('says a network failure in Hindi', async () => {
    const host = await fixture<HTMLElement>(`<society-registration api-base="${stub('network').apiBase}" lang="hi"></society-registration>`);
    await inHindi(host, hi.society.heading);
    fillAll(host, society);
    submit(host);
    await expectToastInHindi(hi.society.failureTitle, hi.society.networkError);
  });

  it('<career-application lang="hi">: Hindi options with the same values, toast and confirmation; the spec\'s payload', async () => {
    const { apiBase, key } = stub('success');
    const host = await fixture<HTMLElement>(`<career-application api-base="${apiBase}" lang="hi"></career-application>`);
    await inHindi(host, hi.career.heading);
    const root = host.shadowRoot!;
    const course = control<HTMLSelectElement>(host, 'course');
    const role = control<HTMLSelectElement>(host, 'areaOfInterest');
    expect([...course.options].map((o) => o.value)).to.deep.equal(['', 'BCA', 'MCA', 'B.Tech', 'M.Tech', 'BBA', 'MBA', 'Other']);
    expect([...course.options].map((o) => o.textContent)).to.deep.equal([hi.career.fields.course.placeholder, 'BCA', 'MCA', 'B.Tech', 'M.Tech', 'BBA', 'MBA', 'अन्य']);
    expect([...role.options].map((o) => o.value)).to.deep.equal(['', 'tech-intern', 'marketing-sales-intern', 'member-technical-staff']);
    expect([...role.options].map((o) => o.textContent)).to.deep.equal([hi.career.fields.areaOfInterest.placeholder, ...Object.values(hi.career.roles)]);
    expect(control<HTMLTextAreaElement>(host, 'whyJoin').placeholder).to.equal(hi.career.fields.whyJoin.placeholder);
    expect(button(host).textContent).to.equal(hi.career.submit);
    expect(root.querySelector('[part="notice"]')!.textContent).to.include(hi.notice.collected.career);
    expectHindi(visibleTexts(host), 'the form');

    fillAll(host, career);
    submit(host);
    await expectToastInHindi(hi.career.successTitle, hi.career.successDescription);
    await waitUntil(() => root.querySelector('.confirmation'), 'the confirmation', { timeout: 5000 });
    expectHindi(visibleTexts(host), 'the confirmation');
    const sent = await requests(key);
    expect(sent.lastBody).to.equal(JSON.stringify(careerPayload));
    expect(sent.contentLanguage).to.equal('hi');
  });

  it('<career-application lang="hi">: the error toast in Hindi', async () => {
    const host = await fixture<HTMLElement>(`<career-application api-base="${stub('http-500-html').apiBase}" lang="hi"></career-application>`);
    await inHindi(host, hi.career.heading);
    fillAll(host, career);
    submit(host);
    await expectToastInHindi(hi.career.errorTitle, hi.career.errorDescription);
  });
});

describe("the forms' default language", () => {
  const htmlLang = document.documentElement.getAttribute('lang');
  afterEach(() => {
    if (htmlLang === null) document.documentElement.removeAttribute('lang');
    else document.documentElement.setAttribute('lang', htmlLang);
    return clearToasts();
  });

  it('follows <html lang="hi-IN"> without a lang attribute, and a lang attribute wins', async () => {
    document.documentElement.setAttribute('lang', 'hi-IN');
    const hindi = await fixture<HTMLElement>(`<society-registration api-base="${stub('success').apiBase}"></society-registration>`);
    await inHindi(hindi, hi.society.heading);
    const english = await fixture<HTMLElement>(`<career-application api-base="${stub('success').apiBase}" lang="en"></career-application>`);
    expect(heading(english)).to.equal(en.career.heading);
    expect(english.shadowRoot!.querySelector('form')!.getAttribute('lang')).to.equal('en');
  });

  it('is English on an English page (or one of another language), and says so in Content-Language', async () => {
    document.documentElement.setAttribute('lang', 'fr');
    const { apiBase, key } = stub('success');
    const host = await fixture<HTMLElement>(`<society-registration api-base="${apiBase}"></society-registration>`);
    expect(heading(host)).to.equal(en.society.heading);
    expect(button(host).textContent).to.equal('Register Society for Free');
    fillAll(host, society);
    submit(host);
    await waitForToast('Registration Successful!');
    expect((await requests(key)).contentLanguage).to.equal('en');
  });

  it('switches when the lang attribute changes', async () => {
    const host = await fixture<HTMLElement>(`<society-registration api-base="${stub('success').apiBase}" lang="en"></society-registration>`);
    expect(heading(host)).to.equal(en.society.heading);
    host.setAttribute('lang', 'hi');
    await inHindi(host, hi.society.heading);
    expect(host.lang, 'the native property').to.equal('hi');
    host.lang = 'en';
    await waitUntil(() => heading(host) === en.society.heading, 'back to English', { timeout: 5000 });
  });
});
