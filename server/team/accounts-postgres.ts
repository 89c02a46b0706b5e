import { MEMBER_COLUMNS, memberOf, normaliseMemberEmail, type AccountStore, type Challenge, type Member } from './accounts.ts';
import { type Pool, transaction } from '../store/postgres.ts';

/** The team's accounts on PostgreSQL, with the rules of server/team/accounts.ts. */

const MEMBER = MEMBER_COLUMNS;
const WEEK_MS = 7 * 86_400_000;

export function createPostgresAccounts(pool: Pool): AccountStore {
  const member = async (client: Pick<Pool, 'query'>, id: number) => {
    const { rows } = await client.query<Member>(`SELECT ${MEMBER} FROM team_members WHERE id = $1`, [id]);
    return rows[0] && memberOf(rows[0]);
  };
  return {
    invite: (email, role, tokenHash, at, expiresAt, { name, language } = {}) =>
      transaction(pool, async (client) => {
        const { rows } = await client.query<Member>(
          `INSERT INTO team_members (email, role, name, language, created_at) VALUES ($1, COALESCE($2, 'member'), COALESCE($3, ''), COALESCE($4, 'en'), $5)
           ON CONFLICT (email) DO UPDATE SET role = COALESCE($2, team_members.role), name = COALESCE($3, team_members.name),
             language = COALESCE($4, team_members.language), removed_at = NULL RETURNING ${MEMBER}`,
          [normaliseMemberEmail(email), role ?? null, name?.trim() ?? null, language ?? null, at],
        );
        const m = memberOf(rows[0]!);
        await client.query('UPDATE team_invitations SET expires_at = $1 WHERE member_id = $2 AND used_at IS NULL AND expires_at > $1', [at, m.id]);
        const revoked = await client.query('DELETE FROM team_passkeys WHERE member_id = $1', [m.id]);
        await client.query('DELETE FROM team_sessions WHERE member_id = $1', [m.id]);
        await client.query('INSERT INTO team_invitations (token_hash, member_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [tokenHash, m.id, at, expiresAt]);
        return { ...m, revokedPasskeys: revoked.rowCount ?? 0 };
      }),
    async setProfile(memberId, change) {
      const { rows } = await pool.query<Member>(
        `UPDATE team_members SET name = COALESCE($1, name), language = COALESCE($2, language) WHERE id = $3 AND removed_at IS NULL RETURNING ${MEMBER}`,
        [change.name?.trim() ?? null, change.language ?? null, memberId],
      );
      return rows[0] && memberOf(rows[0]);
    },
    async list() {
      const { rows } = await pool.query<Member & { passkeys: number; lastSignInAt: number | null }>(
        `SELECT m.id, m.email, m.role, m.name, m.language, m.created_at AS "createdAt", m.removed_at AS "removedAt",
                COUNT(p.id)::integer AS passkeys, MAX(p.last_used_at) AS "lastSignInAt"
           FROM team_members m LEFT JOIN team_passkeys p ON p.member_id = m.id GROUP BY m.id ORDER BY m.email`,
      );
      return rows.map((r) => ({ ...memberOf(r), passkeys: r.passkeys, lastSignInAt: r.lastSignInAt }));
    },
    remove: (email, at) =>
      transaction(pool, async (client) => {
        const { rows } = await client.query<Member>(`UPDATE team_members SET removed_at = $1 WHERE email = $2 AND removed_at IS NULL RETURNING ${MEMBER}`, [
          at,
          normaliseMemberEmail(email),
        ]);
        if (!rows[0]) {
          const existing = (await client.query<Member>(`SELECT ${MEMBER} FROM team_members WHERE email = $1`, [normaliseMemberEmail(email)])).rows[0];
          return existing && memberOf(existing);
        }
        for (const table of ['team_passkeys', 'team_sessions', 'team_invitations']) await client.query(`DELETE FROM ${table} WHERE member_id = $1`, [rows[0].id]);
        return memberOf(rows[0]);
      }),
    async active() {
      return (await pool.query<Member>(`SELECT ${MEMBER} FROM team_members WHERE removed_at IS NULL ORDER BY email`)).rows.map(memberOf);
    },
    member: (id) => member(pool, id),
    async invitation(tokenHash) {
      const { rows } = await pool.query<{ memberId: number; expiresAt: number; usedAt: number | null }>(
        'SELECT member_id AS "memberId", expires_at AS "expiresAt", used_at AS "usedAt" FROM team_invitations WHERE token_hash = $1',
        [tokenHash],
      );
      const row = rows[0];
      return row && { member: (await member(pool, row.memberId))!, expiresAt: row.expiresAt, usedAt: row.usedAt };
    },
    async saveChallenge(c) {
      await pool.query('INSERT INTO team_challenges (id, challenge, purpose, token_hash, expires_at) VALUES ($1, $2, $3, $4, $5)', [c.id, c.challenge, c.purpose, c.tokenHash, c.expiresAt]);
    },
    async takeChallenge(id, purpose, at) {
      const { rows } = await pool.query<Challenge>(
        'DELETE FROM team_challenges WHERE id = $1 AND purpose = $2 RETURNING id, challenge, purpose, token_hash AS "tokenHash", expires_at AS "expiresAt"',
        [id, purpose],
      );
      return rows[0] && rows[0].expiresAt > at ? rows[0] : undefined;
    },
    registerPasskey: (tokenHash, key, at) =>
      transaction(pool, async (client) => {
        const { rows } = await client.query<{ memberId: number }>(
          `UPDATE team_invitations SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1
             AND member_id IN (SELECT id FROM team_members WHERE removed_at IS NULL) RETURNING member_id AS "memberId"`,
          [at, tokenHash],
        );
        if (!rows[0]) return undefined;
        await client.query('INSERT INTO team_passkeys (id, member_id, public_key, counter, transports, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
          key.id,
          rows[0].memberId,
          Buffer.from(key.publicKey),
          key.counter,
          key.transports ? JSON.stringify(key.transports) : null,
          at,
        ]);
        return member(client, rows[0].memberId);
      }),
    async passkey(id) {
      const { rows } = await pool.query<{ id: string; memberId: number; publicKey: Buffer; counter: number; transports: string | null }>(
        `SELECT p.id, p.member_id AS "memberId", p.public_key AS "publicKey", p.counter, p.transports
           FROM team_passkeys p JOIN team_members m ON m.id = p.member_id WHERE p.id = $1 AND m.removed_at IS NULL`,
        [id],
      );
      const row = rows[0];
      if (!row) return undefined;
      return {
        passkey: { id: row.id, memberId: Number(row.memberId), publicKey: new Uint8Array(row.publicKey), counter: Number(row.counter), transports: row.transports ? (JSON.parse(row.transports) as string[]) : null },
        member: (await member(pool, row.memberId))!,
      };
    },
    async passkeyUsed(id, counter, at) {
      await pool.query('UPDATE team_passkeys SET counter = $1, last_used_at = $2 WHERE id = $3', [counter, at, id]);
    },
    async purge(at) {
      await pool.query('DELETE FROM team_challenges WHERE expires_at <= $1', [at]);
      await pool.query('DELETE FROM team_invitations WHERE expires_at <= $1', [at - WEEK_MS]);
    },
  };
}
