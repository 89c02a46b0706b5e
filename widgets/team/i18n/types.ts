/**
 * The shape of a team-app catalogue: every text the app shows, in one language. Each
 * language of contract/languages.ts has one (en.ts, hi.ts, …), and the typecheck makes each
 * fill every key: a status, an error code, an audit action, a spam reason or a form field
 * added to the contract needs its words in every catalogue before the app builds (no raw
 * key such as `flatCount` ever reaches the screen). Times and dates are not here: the app
 * writes them with Intl in the catalogue's `locale` (app/format.ts).
 */
import type { CourseValue, FieldName, LeadKind, RoleValue } from '../../../contract/lead-contract.ts';
import type { LanguageCode } from '../../../contract/languages.ts';
import type { AuditAction, LeadDelivery, LeadStatus, SpamReason, TeamErrorCode, TeamRole } from '../../../contract/team.ts';

export interface TeamMessages {
  lang: LanguageCode;
  /** The Intl locale of its numbers, dates and relative times ("ta-IN"). */
  locale: string;
  appName: string;
  loading: string;
  /** The app's bar: its menu and what is in it. */
  menu: {
    open: string;
    label: string;
    worklist: string;
    spam: string;
    audit: string;
    profile: string;
    exportCsv: string;
    exportHint: string;
    signOut: string;
    signedInAs: (who: string) => string;
    language: string;
  };
  signIn: { title: string; intro: string; button: string; working: string; noPasskey: string; cancelled: string };
  invite: {
    title: string;
    checking: string;
    forWhom: (who: string, role: string) => string;
    explain: string;
    button: string;
    working: string;
    noToken: string;
    cancelled: string;
  };
  roles: Record<TeamRole, string>;
  profile: { title: string; intro: string; name: string; nameHint: string; language: string; save: string; saved: string };

  worklist: {
    title: string;
    spamTitle: string;
    spamIntro: string;
    searchLabel: string;
    searchButton: string;
    clearSearch: string;
    /** How many a search found: "1 match", "More than 200 matches". */
    matches: (n: number, capped: boolean) => string;
    /** The chips' group. */
    show: string;
    late: string;
    all: string;
    /** A chip: its label and, when known, how many ("Late (17)"). */
    chip: (label: string, n?: number) => string;
    filters: string;
    kind: string;
    anyKind: string;
    owner: string;
    anyOwner: string;
    noOwner: string;
    city: string;
    source: string;
    campaign: string;
    from: string;
    to: string;
    apply: string;
    reset: string;
    empty: string;
    emptyLate: string;
    more: string;
    /** How long a lead has been late: `duration` as Intl writes it ("7 hrs"). */
    overdue: (duration: string) => string;
    /** The next call: `when` is "tomorrow", "in 3 days" or a date. */
    nextCall: (when: string) => string;
    unowned: string;
    /** The desktop table's column heads. */
    columns: { name: string; phone: string; city: string; status: string; owner: string; nextCall: string; received: string };
    keys: string;
  };
  kinds: Record<LeadKind, string>;
  statuses: Record<LeadStatus, string>;
  /** Why a lead was flagged as spam, in words a member reads (contract/team.ts SPAM_REASONS). */
  spamReasons: Record<SpamReason, string>;

  lead: {
    back: string;
    backToSpam: string;
    previous: string;
    next: string;
    call: string;
    whatsapp: string;
    copyEmail: string;
    copied: string;
    work: string;
    status: string;
    /** The status chips' question once the member has tapped Call. */
    howDidItGo: string;
    owner: string;
    nobody: string;
    assignToMe: string;
    assigned: string;
    nextCall: string;
    pickDate: string;
    clearNextCall: string;
    note: string;
    noteHint: string;
    save: string;
    saveNext: string;
    saving: string;
    saved: string;
    /** Shown on the next lead's page after "Save and next". */
    savedLead: (name: string) => string;
    savedLast: string;
    nothingToSave: string;
    keys: string;
    details: string;
    source: string;
    sourceLabel: string;
    page: string;
    campaign: string;
    notice: string;
    receivedAt: string;
    reference: string;
    language: string;
    withoutProof: string;
    withoutProofLabel: string;
    notes: string;
    noNotes: string;
    history: string;
    noHistory: string;
    deliveries: string;
    noDeliveries: string;
    delivery: Record<LeadDelivery['status'], string>;
    attempts: (n: number) => string;
    cv: string;
    cvNone: string;
    cvDownload: (name: string, size: string) => string;
    size: (amount: string, unit: 'KB' | 'MB') => string;
    appliedBefore: string;
    appliedBeforeItem: (date: string, role: string) => string;
    spam: string;
    spamReason: (reason: string) => string;
    notSpam: string;
    /** After "Not spam": what it queued, truthfully (nothing, when no webhook or email is set up). */
    notSpamDone: (deliveries: number, acknowledged: boolean) => string;
    outcomeAsk: (outcome: string) => string;
    outcomeExplain: string;
    outcomeSend: string;
    outcomeSkip: string;
    outcomeQueued: string;
    person: string;
    personIntro: string;
    personBy: string;
    byEmail: (email: string) => string;
    byPhone: (phone: string) => string;
    download: string;
    erase: string;
    eraseConfirm: string;
    eraseYes: string;
    eraseNo: string;
    erased: (n: number) => string;
  };
  /** Each field of either form, by its payload key: a field added to the contract needs its label here. */
  fields: Record<FieldName, string>;
  /** The career form's courses and roles as its readers see them (contract/messages/<code>.ts, the form's own words). */
  choices: { courses: Record<CourseValue, string>; roles: Record<RoleValue, string> };

  audit: {
    title: string;
    since: string;
    show: string;
    when: string;
    who: string;
    what: string;
    lead: string;
    detail: string;
    empty: string;
    more: string;
    actions: Record<AuditAction, string>;
  };
  history: {
    status: (from: string, to: string) => string;
    owner: (from: string, to: string) => string;
    nextCall: (from: string, to: string) => string;
    note: string;
    none: string;
  };
  errors: Record<TeamErrorCode | 'network', string>;
  conflictBy: (who: string, when: string) => string;
}
