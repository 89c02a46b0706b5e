import { isLanguageCode, type LanguageCode } from '../../contract/languages.ts';
import type { ProfileChange, TeamRole } from '../../contract/team.ts';
import type { Db, WriteBatcher } from '../store/sqlite.ts';

/**
 * The team's accounts: members (an email and a role, no password), their passkeys, the
 * one-time invitations that let a member register one, and the passkey challenges handed
 * out (kept in the database so that any instance can check the answer). A removed member
 * keeps their row (the audit log and notes name them) but loses every passkey, session and
 * invitation. SQLite here; PostgreSQL in server/team/accounts-postgres.ts.
 */

export interface Member {
  id: number;
  email: string;
  role: TeamRole;
  /** '' until set (the operator's --name, or the member themself). */
  name: string;
  language: LanguageCode;
  createdAt: number;
  removedAt: number | null;
}

interface MemberSummary extends Member {
  passkeys: number;
  lastSignInAt: number | null;
}

export interface Passkey {
  /** The credential id, base64url. */
  id: string;
  memberId: number;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[] | null;
}

export interface Challenge {
  id: string;
  challenge: string;
  purpose: 'register' | 'sign-in';
  /** register: the invitation's token hash. */
  tokenHash: string | null;
  expiresAt: number;
}

export interface Invitation {
  member: Member;
  expiresAt: number;
  usedAt: number | null;
}

/** A new member's name and language, from their invitation (they change either later themselves). */
export interface InvitedProfile {
  name?: string;
  language?: LanguageCode;
}

export interface AccountStore {
  /**
   * Makes the member (or brings a removed one back; `role`, and the profile's name and
   * language when given, change an existing member's) and keeps an invitation for them; their
   * older unused invitations stop working, and so do their passkeys and sessions, at once
   * (inviting again is the remedy for a lost phone): `revokedPasskeys` says how many went.
   */
  invite(email: string, role: TeamRole | undefined, tokenHash: string, at: number, expiresAt: number, profile?: InvitedProfile): Promise<Member & { revokedPasskeys: number }>;
  /** Sets a member's own name or language; undefined when there is no such member (or they were removed). */
  setProfile(memberId: number, change: ProfileChange): Promise<Member | undefined>;
  /** Every member, removed ones too, by email. */
  list(): Promise<MemberSummary[]>;
  /** Marks the member removed and deletes their passkeys, sessions and invitations; undefined when there is no such member. */
  remove(email: string, at: number): Promise<Member | undefined>;
  /** The members who are not removed. */
  active(): Promise<Member[]>;
  member(id: number): Promise<Member | undefined>;
  invitation(tokenHash: string): Promise<Invitation | undefined>;
  saveChallenge(challenge: Challenge): Promise<void>;
  /** Takes a challenge out (once): undefined when unknown, of another purpose, or expired. */
  takeChallenge(id: string, purpose: Challenge['purpose'], at: number): Promise<Challenge | undefined>;
  /**
   * Uses the invitation and stores the passkey, in one transaction: undefined when the
   * invitation was used, has expired, or its member was removed meanwhile.
   */
  registerPasskey(tokenHash: string, passkey: Omit<Passkey, 'memberId'>, at: number): Promise<Member | undefined>;
  /** A passkey with its member, when the member is not removed. */
  passkey(id: string): Promise<{ passkey: Passkey; member: Member } | undefined>;
  passkeyUsed(id: string, counter: number, at: number): Promise<void>;
  /** Forgets expired challenges and invitations that ended more than a week ago. */
  purge(at: number): Promise<void>;
}

export const MEMBER_COLUMNS = 'id, email, role, name, language, created_at AS "createdAt", removed_at AS "removedAt"';
const MEMBER = MEMBER_COLUMNS;
const WEEK_MS = 7 * 86_400_000;

export const normaliseMemberEmail = (email: string): string => email.normalize('NFC').trim().toLowerCase();

export const memberOf = (row: Member): Member => ({
  id: Number(row.id),
  email: row.email,
  role: row.role,
  name: row.name,
  language: isLanguageCode(row.language) ? row.language : 'en',
  createdAt: Number(row.createdAt),
  removedAt: row.removedAt === null ? null : Number(row.removedAt),
});

export function createSqliteAccounts(db: Db, batcher: WriteBatcher): AccountStore {
  const upsertMember = db.prepare<[string, string, string, string, number, string | null, string | null, string | null], Member>(
    `INSERT INTO team_members (email, role, name, language, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (email) DO UPDATE SET role = COALESCE(?, role), name = COALESCE(?, name), language = COALESCE(?, language), removed_at = NULL RETURNING ${MEMBER}`,
  );
  const setProfile = db.prepare<[string | null, string | null, number], Member>(
    `UPDATE team_members SET name = COALESCE(?, name), language = COALESCE(?, language) WHERE id = ? AND removed_at IS NULL RETURNING ${MEMBER}`,
  );
  const endInvitations = db.prepare<[number, number, number]>('UPDATE team_invitations SET expires_at = ? WHERE member_id = ? AND used_at IS NULL AND expires_at > ?');
  const addInvitation = db.prepare<[string, number, number, number]>('INSERT INTO team_invitations (token_hash, member_id, created_at, expires_at) VALUES (?, ?, ?, ?)');
  const byId = db.prepare<[number], Member>(`SELECT ${MEMBER} FROM team_members WHERE id = ?`);
  const invitation = db.prepare<[string], { memberId: number; expiresAt: number; usedAt: number | null }>(
    'SELECT member_id AS memberId, expires_at AS expiresAt, used_at AS usedAt FROM team_invitations WHERE token_hash = ?',
  );
  const useInvitation = db.prepare<[number, string, number], { memberId: number }>(
    `UPDATE team_invitations SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
       AND member_id IN (SELECT id FROM team_members WHERE removed_at IS NULL) RETURNING member_id AS memberId`,
  );
  const addPasskey = db.prepare<[string, number, Buffer, number, string | null, number]>(
    'INSERT INTO team_passkeys (id, member_id, public_key, counter, transports, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const passkey = db.prepare<[string], { id: string; memberId: number; publicKey: Buffer; counter: number; transports: string | null }>(
    `SELECT p.id, p.member_id AS memberId, p.public_key AS publicKey, p.counter, p.transports
       FROM team_passkeys p JOIN team_members m ON m.id = p.member_id WHERE p.id = ? AND m.removed_at IS NULL`,
  );
  const removeMember = db.prepare<[number, string], Member>(`UPDATE team_members SET removed_at = ? WHERE email = ? AND removed_at IS NULL RETURNING ${MEMBER}`);
  const removedMember = db.prepare<[string], Member>(`SELECT ${MEMBER} FROM team_members WHERE email = ?`);

  return {
    invite: (email, role, tokenHash, at, expiresAt, { name, language } = {}) =>
      batcher.run(() => {
        const member = memberOf(upsertMember.get(normaliseMemberEmail(email), role ?? 'member', name?.trim() ?? '', language ?? 'en', at, role ?? null, name?.trim() ?? null, language ?? null)!);
        endInvitations.run(at, member.id, at);
        const revokedPasskeys = db.prepare('DELETE FROM team_passkeys WHERE member_id = ?').run(member.id).changes;
        db.prepare('DELETE FROM team_sessions WHERE member_id = ?').run(member.id);
        addInvitation.run(tokenHash, member.id, at, expiresAt);
        return { ...member, revokedPasskeys };
      }),
    setProfile: (memberId, change) =>
      batcher.run(() => {
        const row = setProfile.get(change.name?.trim() ?? null, change.language ?? null, memberId);
        return row && memberOf(row);
      }),
    async list() {
      const rows = db
        .prepare(
          `SELECT m.id, m.email, m.role, m.name, m.language, m.created_at AS "createdAt", m.removed_at AS "removedAt",
                  COUNT(p.id) AS passkeys, MAX(p.last_used_at) AS "lastSignInAt"
             FROM team_members m LEFT JOIN team_passkeys p ON p.member_id = m.id GROUP BY m.id ORDER BY m.email`,
        )
        .all() as (Member & { passkeys: number; lastSignInAt: number | null })[];
      return rows.map((r) => ({ ...memberOf(r), passkeys: r.passkeys, lastSignInAt: r.lastSignInAt }));
    },
    remove: (email, at) =>
      batcher.run(() => {
        const row = removeMember.get(at, normaliseMemberEmail(email));
        if (!row) {
          const existing = removedMember.get(normaliseMemberEmail(email));
          return existing ? memberOf(existing) : undefined;
        }
        for (const table of ['team_passkeys', 'team_sessions', 'team_invitations']) db.prepare(`DELETE FROM ${table} WHERE member_id = ?`).run(row.id);
        return memberOf(row);
      }),
    async active() {
      return (db.prepare(`SELECT ${MEMBER} FROM team_members WHERE removed_at IS NULL ORDER BY email`).all() as Member[]).map(memberOf);
    },
    async member(id) {
      const row = byId.get(id);
      return row && memberOf(row);
    },
    async invitation(tokenHash) {
      const row = invitation.get(tokenHash);
      if (!row) return undefined;
      return { member: memberOf(byId.get(row.memberId)!), expiresAt: row.expiresAt, usedAt: row.usedAt };
    },
    saveChallenge: (c) =>
      batcher.run(() => {
        db.prepare('INSERT INTO team_challenges (id, challenge, purpose, token_hash, expires_at) VALUES (?, ?, ?, ?, ?)').run(c.id, c.challenge, c.purpose, c.tokenHash, c.expiresAt);
      }),
    takeChallenge: (id, purpose, at) =>
      batcher.run(() => {
        const row = db
          .prepare('DELETE FROM team_challenges WHERE id = ? AND purpose = ? RETURNING id, challenge, purpose, token_hash AS tokenHash, expires_at AS expiresAt')
          .get(id, purpose) as Challenge | undefined;
        return row && row.expiresAt > at ? row : undefined;
      }),
    registerPasskey: (tokenHash, key, at) =>
      batcher.run(() => {
        const used = useInvitation.get(at, tokenHash, at);
        if (!used) return undefined;
        addPasskey.run(key.id, used.memberId, Buffer.from(key.publicKey), key.counter, key.transports ? JSON.stringify(key.transports) : null, at);
        return memberOf(byId.get(used.memberId)!);
      }),
    async passkey(id) {
      const row = passkey.get(id);
      if (!row) return undefined;
      return {
        passkey: { id: row.id, memberId: row.memberId, publicKey: new Uint8Array(row.publicKey), counter: row.counter, transports: row.transports ? (JSON.parse(row.transports) as string[]) : null },
        member: memberOf(byId.get(row.memberId)!),
      };
    },
    passkeyUsed: (id, counter, at) =>
      batcher.run(() => {
        db.prepare('UPDATE team_passkeys SET counter = ?, last_used_at = ? WHERE id = ?').run(counter, at, id);
      }),
    purge: (at) =>
      batcher.run(() => {
        db.prepare('DELETE FROM team_challenges WHERE expires_at <= ?').run(at);
        db.prepare('DELETE FROM team_invitations WHERE expires_at <= ?').run(at - WEEK_MS);
      }),
  };
}
