/**
 * `npm run bench:team`'s store: a million leads as a team gathers them in 330 days (inside the
 * default retention of 365 days, so the service's purge leaves them all): both kinds, Indian
 * names and cities, phones spelled every way people type them, partners and campaigns, spam,
 * statuses by age, owners, next-call dates and notes; the same rows (a fixed
 * seed) in SQLite and in PostgreSQL, written in bulk: the worklist's indexes are dropped, the
 * rows go in by large transactions (SQLite) or multi-row inserts of 10,000 (PostgreSQL), and
 * the indexes are made again from the migrations' own statements.
 */
import { MIGRATIONS as SQLITE_MIGRATIONS, type Db } from '../../server/store/sqlite.ts';
import { MIGRATIONS as POSTGRES_MIGRATIONS } from '../../server/store/migrations-postgres.ts';
import { indexValues } from '../../server/team/search-index.ts';
import { lateSince, NEW_STATUS, teamToday } from '../../contract/team.ts';
import { formatReference, REFERENCE_ALPHABET, REFERENCE_LENGTH } from '../../contract/lead-reference.ts';
import { COURSE_VALUES, ROLES, type LeadKind } from '../../contract/lead-contract.ts';
import type pg from 'pg';

const DAY = 86_400_000;
/** How far back the leads go: within the default retention (LEAD_RETENTION_DAYS 365), which the service enforces at start. */
const SPAN_DAYS = 330;

/** A small fast PRNG (mulberry32): the same seed gives the same store. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    /** One of `list`, each as likely as its weight. */
    weighted: <T>(list: readonly (readonly [T, number])[]): T => {
      const total = list.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [value, w] of list) if ((r -= w) < 0) return value;
      return list[list.length - 1]![0];
    },
  };
}

export const FIRST_NAMES = [
  'Aarav', 'Aditi', 'Akash', 'Ananya', 'Anil', 'Anjali', 'Arjun', 'Asha', 'Deepak', 'Divya', 'Farida', 'Gaurav', 'Geeta', 'Harish', 'Imran', 'Ishaan',
  'Jaspreet', 'Kavita', 'Kiran', 'Krishna', 'Lakshmi', 'Mahesh', 'Manoj', 'Meera', 'Mohammed', 'Nandini', 'Naveen', 'Neha', 'Nikhil', 'Pooja', 'Pradeep',
  'Priya', 'Rahul', 'Rajesh', 'Ramesh', 'Ravi', 'Rekha', 'Rishi', 'Rohit', 'Sachin', 'Sanjay', 'Sarita', 'Shreya', 'Siddharth', 'Sneha', 'Sunil', 'Sunita',
  'Suresh', 'Swati', 'Tanvi', 'Uma', 'Varun', 'Venkatesh', 'Vidya', 'Vijay', 'Vikram', 'Vinod', 'Yash', 'Zainab', 'Abhishek',
] as const;
export const SURNAMES = [
  'Agarwal', 'Bhat', 'Banerjee', 'Chatterjee', 'Chauhan', 'Das', 'Desai', 'Deshpande', 'Dubey', 'Gill', 'Gupta', 'Iyer', 'Jain', 'Joshi', 'Kapoor', 'Khan',
  'Kulkarni', 'Kumar', 'Malhotra', 'Menon', 'Mehta', 'Mishra', 'Nair', 'Naidu', 'Pandey', 'Patel', 'Pillai', 'Rao', 'Reddy', 'Saxena', 'Shah', 'Sharma',
  'Shetty', 'Singh', 'Sinha', 'Srinivasan', 'Subramanian', 'Thakur', 'Trivedi', 'Verma', 'Yadav', 'Bose', 'Chopra', 'Fernandes', 'Ghosh', 'Hegde',
  'Kamath', 'Mukherjee', 'Raghunathan', 'Sethi',
] as const;
const SOCIETY_NAMES = [
  'Green Meadows', 'Shanti Vihar', 'Lake View', 'Sunrise', 'Palm Grove', 'Silver Oak', 'Royal Palms', 'Sai Krupa', 'Gokul Dham', 'Vasant Kunj', 'Ashoka',
  'Prestige', 'Lodha', 'Hiranandani', 'Brigade', 'Sobha', 'Godrej', 'Mahindra', 'Amrapali', 'Orchid', 'Lotus', 'Jasmine', 'Tulsi', 'Nilgiri', 'Kaveri',
  'Narmada', 'Ganga', 'Yamuna', 'Everest', 'Kailash', 'Shivalik', 'Aravali', 'Emerald', 'Sapphire', 'Pearl', 'Heritage', 'Harmony', 'Serenity', 'Utopia', 'Paradise',
] as const;
const SOCIETY_KINDS = ['Residency', 'Apartments', 'Heights', 'Towers', 'Enclave', 'Co-operative Housing Society', 'CHS', 'Gardens', 'Nagar', 'Park', 'Homes', 'RWA', 'Villas', 'Complex', 'Phase II'] as const;
/** Cities with a weight like their share of gated housing. */
const CITIES = [
  ['Mumbai', 14], ['Bengaluru', 13], ['Pune', 10], ['Hyderabad', 10], ['Delhi', 8], ['Gurugram', 7], ['Noida', 6], ['Chennai', 7], ['Thane', 5], ['Navi Mumbai', 4],
  ['Kolkata', 4], ['Ahmedabad', 4], ['Ghaziabad', 3], ['Kochi', 2], ['Jaipur', 2], ['Lucknow', 2], ['Chandigarh', 2], ['Indore', 2], ['Nagpur', 2], ['Coimbatore', 2],
  ['Visakhapatnam', 1], ['Bhubaneswar', 1], ['Vadodara', 1], ['Surat', 1], ['Mysuru', 1], ['Nashik', 1], ['Mohali', 1], ['Faridabad', 1], ['Dehradun', 1], ['Goa', 1],
] as const;
const COLLEGES = ['COEP', 'VJTI', 'IIT Bombay', 'NIT Trichy', 'BITS Pilani', 'Christ University', 'Symbiosis', 'Manipal', 'Amity', 'VIT', 'SRM', 'PES University', 'RVCE', 'DTU', 'NSUT', 'Jadavpur University', 'Anna University', 'Osmania University', 'Fergusson College', 'St. Xavier\'s'] as const;
const POSITIONS = ['', '', 'Secretary', 'Chairman', 'Treasurer', 'Committee member', 'Resident', 'Facility manager'] as const;
const DOMAINS = ['gmail.com', 'gmail.com', 'gmail.com', 'yahoo.co.in', 'outlook.com', 'rediffmail.com', 'hotmail.com'] as const;
const PARTNERS = ['greenpark-rwa', 'nobroker-partner', 'mygate-switch', 'rwa-federation-pune', 'apartment-adda', 'housing-society-blog', 'society-secretary-forum', 'cityrwa', 'flat-owners', 'gated-living'] as const;
const CAMPAIGNS = ['diwali', 'new-year', 'monsoon', 'whatsapp-share', 'qr-poster', 'secretaries-meet', 'google-ads', 'instagram'] as const;
const NOTES = [
  'Called, no answer. Will try again in the evening.',
  'Spoke to them: wants a demo for the committee on Saturday.',
  'Sent the brochure and the pricing comparison on WhatsApp.',
  'Committee meeting next week; they will decide then.',
  'Already uses another app, unhappy with the monthly fee.',
  'Set up done, trained the guards at the gate.',
  'Asked for a call back after the AGM.',
  'Not interested: the society is too small (12 flats).',
  'Interview scheduled; shared the assignment.',
  'Good profile, moving to the next round.',
] as const;
const MEMBERS = ['asha', 'ravi', 'meera', 'kabir', 'nandini', 'farhan', 'lata', 'deepa', 'arun', 'sonal', 'tejas', 'mira'].map((n) => `${n}@team.example`);

/** Status mix of leads older than a few days, per kind: most work ends set up or not a fit. */
const SETTLED: Record<LeadKind, readonly (readonly [string, number])[]> = {
  society: [['new', 2], ['contacted', 14], ['demo booked', 8], ['set up', 40], ['not a fit', 36]],
  career: [['new', 3], ['screening', 18], ['interview', 10], ['offer', 5], ['not selected', 64]],
};
const OPEN = new Set(['contacted', 'demo booked', 'screening', 'interview', 'offer']);

/** The same number as people type it: with +91, a trunk 0, 0091, hyphens or spaces. */
function spelled(national: string, r: ReturnType<typeof random>): string {
  const a = national.slice(0, 5);
  const b = national.slice(5);
  return r.pick([`+91 ${a} ${b}`, `0${a}-${b}`, national, `+91${national}`, `91 ${national}`, `0091 ${a} ${b}`, `${a} ${b}`]);
}

/** A lead's reference from its id (unique, in the reference's alphabet), as the service gives each lead one: else it gives them at start, one by one. */
function benchReference(id: number): string {
  let characters = '';
  for (let n = id; characters.length < REFERENCE_LENGTH; n = Math.floor(n / REFERENCE_ALPHABET.length)) characters = REFERENCE_ALPHABET[n % REFERENCE_ALPHABET.length] + characters;
  return formatReference(characters);
}

export interface BenchLead {
  id: number;
  reference: string;
  kind: LeadKind;
  createdAt: number;
  fields: Record<string, string>;
  origin: string;
  partner: string | null;
  campaign: string | null;
  spam: boolean;
  status: string;
  ownerId: number | null;
  nextCallOn: string | null;
  /** When it is late (contract/team.ts lateSince), as the service keeps it. */
  lateAt: number | null;
  version: number;
  phoneKey: string;
  cityKey: string | null;
  text: string;
  notes: { authorId: number; text: string; at: number }[];
}

/** Lead `i` of `total` (1-based ids, oldest first), the same for the same i, total and `now`. */
export function benchLead(i: number, total: number, now: number): BenchLead {
  const r = random(i * 2654435761);
  const kind: LeadKind = r.next() < 0.8 ? 'society' : 'career';
  const createdAt = now - SPAN_DAYS * DAY + Math.floor(((i - 1) / total) * SPAN_DAYS * DAY) + r.int(60_000);
  const first = r.pick(FIRST_NAMES);
  const last = r.pick(SURNAMES);
  const name = `${first} ${last}`;
  const national = String(6_000_000_000 + i * 3 + r.int(3));
  const email = `${first}.${last}${r.int(100)}@${r.pick(DOMAINS)}`.toLowerCase();
  const fields: Record<string, string> =
    kind === 'society'
      ? { name, email, phone: spelled(national, r), societyName: `${r.pick(SOCIETY_NAMES)} ${r.pick(SOCIETY_KINDS)}`, city: r.weighted(CITIES), position: r.pick(POSITIONS) }
      : {
          name,
          email,
          phone: spelled(national, r),
          college: r.pick(COLLEGES),
          course: r.pick(COURSE_VALUES),
          yearOfStudy: r.pick(['First year', 'Second year', 'Third year', 'Final year', 'Graduated']),
          areaOfInterest: r.pick(ROLES).value,
          message: 'I would like to build technology for housing societies and learn from the team.',
        };
  const partner = r.next() < 0.15 ? r.pick(PARTNERS) : null;
  const spam = r.next() < 0.03;
  const ageDays = (now - createdAt) / DAY;
  const status = spam || ageDays < 1 ? NEW_STATUS : ageDays < 7 && r.next() < 0.5 ? NEW_STATUS : r.weighted(SETTLED[kind]);
  const worked = status !== NEW_STATUS;
  const ownerId = worked || r.next() < 0.2 ? 1 + r.int(MEMBERS.length) : null;
  const nextCallOn = OPEN.has(status) && r.next() < 0.3 ? teamToday(now + (r.int(20) - 5) * DAY) : null;
  const notes = worked && r.next() < 0.45 ? Array.from({ length: 1 + r.int(3) }, (_, n) => ({ authorId: ownerId!, text: r.pick(NOTES), at: createdAt + (n + 1) * 3_600_000 })) : [];
  const indexed = indexValues(fields);
  return {
    id: i,
    reference: benchReference(i),
    kind,
    createdAt,
    fields,
    origin: partner ? `https://${partner}.in` : 'https://societydesk.example',
    partner,
    campaign: r.next() < 0.2 ? r.pick(CAMPAIGNS) : null,
    spam,
    status,
    ownerId,
    nextCallOn,
    lateAt: lateSince({ status, createdAt, nextCallOn }),
    version: 1 + (worked ? 1 + r.int(3) : 0),
    phoneKey: indexed.phoneKey,
    cityKey: indexed.cityKey,
    text: indexed.text,
    notes,
  };
}

/** Every `CREATE INDEX … ON leads …` of the migrations, in order: dropped before a bulk load, made again after. */
function leadIndexes(migrations: readonly string[]): { name: string; sql: string }[] {
  return [...migrations.join('\n').matchAll(/CREATE INDEX (?:IF NOT EXISTS )?(\w+) ON leads\b[^;]*;/g)].map((m) => ({ name: m[1]!, sql: m[0] }));
}

const BATCH = 10_000;

/** Fills a migrated, empty leads.db; `progress` hears how many leads are in. */
export function fillSqlite(db: Db, total: number, now: number, progress: (n: number) => void): void {
  const indexes = leadIndexes(SQLITE_MIGRATIONS);
  // A bulk load into a new file: no journal (a crash means filling again), a large page cache for the index builds.
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -1000000');
  for (const { name } of indexes) db.exec(`DROP INDEX IF EXISTS ${name}`);
  const member = db.prepare("INSERT INTO team_members (id, email, role, created_at) VALUES (?, ?, 'member', ?)");
  const lead = db.prepare(
    `INSERT INTO leads (id, kind, created_at, dedupe_key, fields, origin, partner, notice_version, spam_reason, utm_campaign, page, status, owner_id, next_call_on, late_at, version, phone_key, city_key, reference)
     VALUES (?, ?, ?, ?, ?, ?, ?, '2026-11-24', ?, ?, '/', ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const search = db.prepare('INSERT INTO lead_search (rowid, text) VALUES (?, ?)');
  const note = db.prepare('INSERT INTO lead_notes (lead_id, author_id, text, created_at) VALUES (?, ?, ?, ?)');
  db.transaction(() => MEMBERS.forEach((email, i) => member.run(i + 1, email, now - 400 * DAY)))();
  for (let start = 1; start <= total; start += BATCH) {
    db.transaction(() => {
      for (let i = start; i < Math.min(start + BATCH, total + 1); i++) {
        const l = benchLead(i, total, now);
        lead.run(l.id, l.kind, l.createdAt, `bench-${i}`, JSON.stringify(l.fields), l.origin, l.partner, l.spam ? 'no-solution' : null, l.campaign, l.status, l.ownerId, l.nextCallOn, l.lateAt, l.version, l.phoneKey, l.cityKey, l.reference);
        search.run(l.id, l.text);
        for (const n of l.notes) note.run(l.id, n.authorId, n.text, n.at);
      }
    })();
    progress(Math.min(start + BATCH - 1, total));
  }
  for (const { sql } of indexes) db.exec(sql);
  db.exec("INSERT INTO lead_search (lead_search) VALUES ('optimize')");
  db.exec('ANALYZE');
  db.pragma('cache_size = -2000');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
}

/** Fills a migrated, empty PostgreSQL database. */
export async function fillPostgres(pool: pg.Pool, total: number, now: number, progress: (n: number) => void): Promise<void> {
  const indexes = leadIndexes(POSTGRES_MIGRATIONS);
  for (const { name } of indexes) await pool.query(`DROP INDEX IF EXISTS ${name}`);
  await pool.query("INSERT INTO team_members (id, email, role, created_at) SELECT i, e, 'member', $2 FROM unnest($1::text[]) WITH ORDINALITY AS t (e, i)", [MEMBERS, now - 400 * DAY]);
  for (let start = 1; start <= total; start += BATCH) {
    const leads = Array.from({ length: Math.min(BATCH, total - start + 1) }, (_, k) => benchLead(start + k, total, now));
    const column = <T>(get: (l: BenchLead) => T) => leads.map(get);
    await pool.query(
      `INSERT INTO leads (id, kind, created_at, dedupe_key, fields, origin, partner, notice_version, spam_reason, utm_campaign, page,
                          status, owner_id, next_call_on, version, phone_key, city_key, search_text, late_at, reference)
       SELECT id, kind, created_at, 'bench-' || id, fields::json, origin, partner, '2026-11-24', CASE WHEN spam THEN 'no-solution' END, campaign, '/',
              status, owner_id, next_call_on, version, phone_key, city_key, search_text, late_at, reference
         FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::boolean[], $8::text[], $9::text[], $10::bigint[], $11::text[], $12::integer[], $13::text[], $14::text[], $15::text[], $16::bigint[], $17::text[])
           AS t (id, kind, created_at, fields, origin, partner, spam, campaign, status, owner_id, next_call_on, version, phone_key, city_key, search_text, late_at, reference)`,
      [
        column((l) => l.id), column((l) => l.kind), column((l) => l.createdAt), column((l) => JSON.stringify(l.fields)), column((l) => l.origin),
        column((l) => l.partner), column((l) => l.spam), column((l) => l.campaign), column((l) => l.status), column((l) => l.ownerId),
        column((l) => l.nextCallOn), column((l) => l.version), column((l) => l.phoneKey), column((l) => l.cityKey), column((l) => l.text), column((l) => l.lateAt), column((l) => l.reference),
      ],
    );
    const notes = leads.flatMap((l) => l.notes.map((n) => ({ lead: l.id, ...n })));
    if (notes.length) {
      await pool.query('INSERT INTO lead_notes (lead_id, author_id, text, created_at) SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::bigint[])', [
        notes.map((n) => n.lead), notes.map((n) => n.authorId), notes.map((n) => n.text), notes.map((n) => n.at),
      ]);
    }
    progress(start + leads.length - 1);
  }
  await pool.query("SELECT setval(pg_get_serial_sequence('leads', 'id'), (SELECT max(id) FROM leads))");
  await pool.query("SELECT setval(pg_get_serial_sequence('team_members', 'id'), (SELECT max(id) FROM team_members))");
  for (const { sql } of indexes) await pool.query(sql);
  await pool.query('VACUUM ANALYZE leads');
  await pool.query('VACUUM ANALYZE lead_notes');
}
