/**
 * The career form's optional CV control (issue 35), built as partners load it, against the
 * stub intake server: a real file input with its label and hint, keyboard and screen reader
 * (aria-describedby, a polite status), the chosen file's name and size with a way to remove
 * it, the check before sending (over 5 MB, not a PDF/DOC/DOCX) in the form's language with
 * every field kept, the upload before the spec's JSON (X-Resume-Upload), and a refusal that
 * names the CV marking it.
 */
import { expect, fixture, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { CV_ACCEPT } from '../../contract/cv-upload.ts';
import { MESSAGES } from '../../contract/messages/en.ts';
import { MESSAGES_HI } from '../../contract/messages/hi.ts';
import { clearToasts, control, fillAll, loadWidget, requests, stub, submit, valuesOf } from '../browser-stub/helpers.ts';
import { VALID_CAREER } from '../helpers/fixtures.ts';

const filled = {
  fullName: VALID_CAREER.name,
  email: VALID_CAREER.email,
  phone: VALID_CAREER.phone,
  college: VALID_CAREER.college,
  course: VALID_CAREER.course,
  yearOfStudy: VALID_CAREER.yearOfStudy,
  areaOfInterest: VALID_CAREER.areaOfInterest,
  whyJoin: VALID_CAREER.message,
};
const names = Object.keys(filled);

const form = (apiBase: string, extra = '') => fixture<HTMLElement>(`<career-application api-base="${apiBase}" ${extra}></career-application>`);

/** A file of `size` bytes starting as a PDF does. */
const pdf = (name: string, size: number) => new File([new Uint8Array(size).fill(32).map((b, i) => (i < 5 ? '%PDF-'.charCodeAt(i) : b))], name, { type: 'application/pdf' });

/** Chooses `file` in the control as the picker does: the input's files, then its change event. */
function choose(host: Element, file: File): HTMLInputElement {
  const input = control(host, 'resume');
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  return input;
}

const root = (host: Element) => host.shadowRoot!;
const byId = (host: Element, id: string) => root(host).getElementById(id);
const status = (host: Element) => root(host).querySelector('[role="status"]')?.textContent ?? '';
const uploads = async (key: string) => (await fetch(`/stub/uploads?key=${encodeURIComponent(key)}`)).json() as Promise<{ count: number; part?: string; fileName?: string; size?: number; contentLanguage?: string }>;

describe('<career-application> CV control', () => {
  before(async () => {
    await loadWidget('career-application');
  });
  beforeEach(() => clearToasts());
  after(() => clearToasts());

  it('is a labelled, optional file input with its hint, taking PDF, DOC and DOCX', async () => {
    const host = await form(stub('ok').apiBase);
    const input = control(host, 'resume');
    expect(input.type).to.equal('file');
    expect(input.required).to.equal(false);
    expect(input.accept).to.equal(CV_ACCEPT);
    expect(input.labels?.[0]?.textContent).to.equal('CV / résumé (optional)');
    const hint = byId(host, input.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(hint?.textContent).to.equal('PDF, DOC or DOCX, at most 5 MB');
    expect(root(host).querySelector('form')!.enctype).to.equal('multipart/form-data');
  });

  it('shows the chosen file by name and size, says so politely, and removes it by keyboard', async () => {
    const host = await form(stub('ok').apiBase);
    const input = choose(host, pdf('Asha CV.pdf', 200 * 1024));
    await waitUntil(() => root(host).querySelector('.chosen'), 'the chosen file shown');
    expect(root(host).querySelector('.chosen span')!.textContent).to.equal('Asha CV.pdf (200 KB)');
    expect(status(host)).to.equal('Asha CV.pdf, 200 KB');
    expect(input.getAttribute('aria-describedby')).to.contain(root(host).querySelector('.chosen span')!.id);
    expect(input.hasAttribute('aria-invalid')).to.equal(false);

    const remove = root(host).querySelector<HTMLButtonElement>('.chosen button')!;
    expect(remove.textContent).to.equal('Remove');
    remove.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !root(host).querySelector('.chosen'), 'the file removed');
    expect(input.files?.length ?? 0).to.equal(0);
    expect(status(host)).to.equal('CV removed.');
    expect(root(host).activeElement, 'the focus back on the file control').to.equal(input);
  });

  it('refuses a file over 5 MB before sending: marked with the service sentence, nothing sent, every field kept', async () => {
    const { apiBase, key } = stub('ok');
    const host = await form(apiBase);
    fillAll(host, filled);
    const input = choose(host, pdf('big.pdf', 6 * 1024 * 1024));
    await waitUntil(() => input.getAttribute('aria-invalid') === 'true', 'the control marked');
    const error = byId(host, 'career-resume-error');
    expect(error?.textContent).to.equal(MESSAGES.cvTooLarge(5));
    expect(input.getAttribute('aria-describedby')).to.contain('career-resume-error');
    input.blur();
    submit(host);
    await waitUntil(() => root(host).activeElement === input, 'the focus on the refused control');
    expect((await requests(key)).count).to.equal(0);
    expect((await uploads(key)).count).to.equal(0);
    expect(valuesOf(host, names)).to.deep.equal(filled);
  });

  it('refuses a file that is not a PDF, DOC or DOCX by its name and type', async () => {
    const host = await form(stub('ok').apiBase);
    const input = choose(host, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    await waitUntil(() => byId(host, 'career-resume-error'), 'the control marked');
    expect(byId(host, 'career-resume-error')!.textContent).to.equal(MESSAGES.cvType);
    expect(input.getAttribute('aria-invalid')).to.equal('true');
  });

  it('uploads the file first, then sends the spec\'s JSON naming the upload in X-Resume-Upload', async () => {
    const { apiBase, key } = stub('ok');
    const host = await form(apiBase);
    fillAll(host, filled);
    choose(host, pdf('cv.pdf', 200 * 1024));
    submit(host);
    await waitUntil(async () => (await requests(key)).count === 1, 'the application sent', { timeout: 10_000 });
    const upload = await uploads(key);
    expect(upload).to.include({ count: 1, part: 'resume', fileName: 'cv.pdf', size: 200 * 1024, contentLanguage: 'en' });
    const lead = await requests(key);
    expect(lead.resumeUpload).to.match(/^up-\d+$/);
    expect(lead.contentType).to.equal('application/json');
    expect(Object.keys(JSON.parse(lead.lastBody))).to.not.include('resume');
    await waitUntil(() => root(host).querySelector('.confirmation'), 'the confirmation');
  });

  it('marks the control when the service refuses the CV (field "resume"), every field kept', async () => {
    const { apiBase, key } = stub('cv-refused');
    const host = await form(apiBase);
    fillAll(host, filled);
    const input = choose(host, pdf('cv.pdf', 1024));
    submit(host);
    await waitUntil(() => input.getAttribute('aria-invalid') === 'true', 'the control marked', { timeout: 10_000 });
    expect(byId(host, 'career-resume-error')!.textContent).to.equal(MESSAGES.cvType);
    expect((await requests(key)).count, 'no application after a refused upload').to.equal(0);
    expect(valuesOf(host, names)).to.deep.equal(filled);
  });

  it('speaks Hindi in a Hindi form: label, hint, size, remove and refusals', async () => {
    const { apiBase, key } = stub('cv-refused');
    const host = await form(apiBase, 'lang="hi"');
    await waitUntil(() => control(host, 'resume').labels?.[0]?.textContent === 'CV / रिज्यूमे (वैकल्पिक)', 'the Hindi label');
    const input = control(host, 'resume');
    expect(byId(host, 'career-resume-hint')!.textContent).to.equal('PDF, DOC या DOCX, ज्यादा से ज्यादा 5 MB');
    choose(host, pdf('बड़ा.pdf', 6 * 1024 * 1024));
    await waitUntil(() => byId(host, 'career-resume-error'), 'the control marked');
    expect(byId(host, 'career-resume-error')!.textContent).to.equal(MESSAGES_HI.cvTooLarge(5));
    expect(root(host).querySelector('.chosen span')!.textContent).to.equal('बड़ा.pdf (6 MB)');
    expect(root(host).querySelector('.chosen button')!.textContent).to.equal('हटाएँ');
    // The service's refusal, in Hindi (the upload carries Content-Language: hi).
    fillAll(host, filled);
    choose(host, pdf('cv.pdf', 1024));
    submit(host);
    await waitUntil(() => byId(host, 'career-resume-error')?.textContent === MESSAGES_HI.cvType, 'the Hindi refusal', { timeout: 10_000 });
    expect((await uploads(key)).contentLanguage).to.equal('hi');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
  });
});
