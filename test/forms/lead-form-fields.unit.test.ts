/**
 * The forms follow the lead contract's field list: each kind's controls, their empty
 * values and the request body come from it, and the pre-rendered forms have a control
 * for every field. A field added to the contract that a form leaves out of its markup, or
 * out of the body it sends (built here with the forms' own code, leadFormBody, from the
 * controls each pre-rendered form has), fails here; the forms' browser tests check the
 * POST's keys too.
 */
import { CV } from '../../contract/cv-upload.ts';
import { describe, expect, it } from 'vitest';
import { controlName, emptyValues, fieldNames, LEAD_FIELDS, LEAD_KINDS, payloadOf } from '../../contract/lead-contract.ts';
import { FORM_POST_FIELDS, FORM_POST_HIDDEN } from '../../contract/form-post.ts';
import { loadPrerender } from '../../site-generator/widget-helper.ts';
import { VALID_LEADS } from '../helpers/fixtures.ts';
import { leadFormBody } from '../../widgets/lead-form/use-lead-form.ts';

describe('the forms follow the lead contract', () => {
  it.each(LEAD_KINDS)('%s: the body has every field of the contract, in payload order, taken from its control', (kind) => {
    const values = Object.fromEntries(fieldNames(kind).map((field) => [controlName(kind, field), VALID_LEADS[kind][field as keyof (typeof VALID_LEADS)[typeof kind]]]));
    const body = payloadOf(kind, values as never);
    expect(Object.keys(body)).toEqual(Object.keys(LEAD_FIELDS[kind]));
    expect(body).toEqual(VALID_LEADS[kind]);
    expect(Object.keys(emptyValues(kind))).toEqual(fieldNames(kind).map((field) => controlName(kind, field)));
  });

  it.each([
    ['society', 'society-registration'],
    ['career', 'career-application'],
  ] as const)('%s: the body the form sends has every field of the contract, each from the control the form renders for it', { timeout: 60_000 }, async (kind, tag) => {
    const { html } = (await loadPrerender()).shadowRootOf(tag, {});
    const controls = [...html.matchAll(/<(?:input|select|textarea)\b[^>]*\bname="([^"]+)"/g)].map((m) => m[1]!).filter((name) => !FORM_POST_HIDDEN.includes(name));
    // A distinct value in every control the form renders, then the body its own code builds from them.
    const typed = Object.fromEntries(controls.map((control, i) => [control, `value ${i} of ${control}`]));
    const body = leadFormBody(kind, typed as never);
    expect(Object.keys(body)).toEqual(fieldNames(kind));
    expect(body).toEqual(Object.fromEntries(fieldNames(kind).map((field) => [field, typed[controlName(kind, field)]])));
  });

  it('names the career controls as the spec does (fullName, whyJoin) and sends them as name and message', () => {
    expect(Object.keys(emptyValues('career'))).toEqual(['fullName', 'email', 'phone', 'college', 'course', 'yearOfStudy', 'areaOfInterest', 'whyJoin']);
    const body = payloadOf('career', { ...emptyValues('career'), fullName: 'Ravi', whyJoin: 'Hello' });
    expect(body.name).toBe('Ravi');
    expect(body.message).toBe('Hello');
  });

  it.each([
    ['society', 'society-registration'],
    ['career', 'career-application'],
  ] as const)('%s: the pre-rendered form has a named control for every field', { timeout: 60_000 }, async (kind, tag) => {
    const { html } = (await loadPrerender()).shadowRootOf(tag, {});
    const names = [...html.matchAll(/<(?:input|select|textarea)\b[^>]*\bname="([^"]+)"/g)].map((m) => m[1]!);
    // The contract's fields, in payload order (the career form's CV control after them: no field of the body); then only the hidden controls of a form's own post (contract/form-post.ts).
    const attached = kind === 'career' ? [CV.control] : [];
    expect(names.filter((name) => !FORM_POST_HIDDEN.includes(name))).toEqual([...fieldNames(kind).map((field) => controlName(kind, field)), ...attached]);
    expect(names.filter((name) => FORM_POST_HIDDEN.includes(name))).toEqual(expect.arrayContaining([FORM_POST_FIELDS.language, FORM_POST_FIELDS.honeypot]));
  });
});
