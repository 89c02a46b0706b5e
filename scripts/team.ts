/**
 * npm run team -- --invite EMAIL [--role admin|member] [--name "NAME"] [--language CODE] [--data-dir DIR]
 * npm run team -- --list | --remove EMAIL [--data-dir DIR]
 * npm run team -- --audit [--since YYYY-MM-DD] [--format table|json] [--data-dir DIR]
 * The team's accounts, from the server: --invite prints a one-time link to register a
 * passkey (it works once, within 24 hours; emailed too when SMTP_URL is set; a member who
 * lost their passkey is invited again; --name and --language set how the team app names them
 * and which language it speaks to them, which they can change later); --list shows the members; --remove ends a member's
 * sessions at once and deletes their passkeys; --audit lists the audit log (newest first).
 * With DATABASE_URL set, it works on PostgreSQL. The service must have started once (it
 * makes the schema). Links use TEAM_ORIGIN, else SITE_URL (docs/team.md).
 */
import { isLanguageCode, LANGUAGE_CODES } from '../contract/languages.ts';
import { MEMBER_NAME_MAX_LENGTH, TEAM_PAGES, TEAM_ROLES, type TeamRole } from '../contract/team.ts';
import { loadServerConfig } from '../server/config.ts';
import { OPERATOR } from '../server/team/audit.ts';
import { teamDateTime } from '../server/team/csv-export.ts';
import { sendInvitationEmail } from '../server/team/invitation-email.ts';
import { INVITATION_MS, newInvitationToken } from '../server/team/passkeys.ts';
import { loadSiteConfig } from '../site.config.ts';
import { dataDir as defaultDataDir } from './paths.ts';
import { cliArgs, fail, startOfDay } from './reports/cli.ts';
import { renderTable } from './reports/output.ts';
import { openOperatorTeamStore } from './reports/team-store.ts';
import { terminalSafe, terminalSafeJson } from './reports/terminal-safe.ts';

const values = cliArgs(
  {
    invite: { type: 'string' },
    role: { type: 'string' },
    name: { type: 'string' },
    language: { type: 'string' },
    list: { type: 'boolean', default: false },
    remove: { type: 'string' },
    audit: { type: 'boolean', default: false },
    since: { type: 'string' },
    format: { type: 'string', default: 'table' },
    'data-dir': { type: 'string' },
  },
  'usage: npm run team -- --invite EMAIL [--role admin|member] [--name "NAME"] [--language CODE] | --list | --remove EMAIL | --audit [--since YYYY-MM-DD] [--format table|json]  [--data-dir DIR]',
);

const modes = [values.invite !== undefined, values.list, values.remove !== undefined, values.audit].filter(Boolean).length;
if (modes !== 1) fail('use one of --invite, --list, --remove and --audit');
if (values.role !== undefined && values.invite === undefined) fail('--role goes with --invite');
if (values.role !== undefined && !(TEAM_ROLES as readonly string[]).includes(values.role)) fail(`--role is admin or member, got "${values.role}"`);
if ((values.name !== undefined || values.language !== undefined) && values.invite === undefined) fail('--name and --language go with --invite');
if (values.language !== undefined && !isLanguageCode(values.language)) fail(`--language is one of ${LANGUAGE_CODES.join(', ')}, got "${values.language}"`);
// The rule PATCH /team/api/me keeps for a name a member sets: one line, at most MEMBER_NAME_MAX_LENGTH.
if (values.name !== undefined && (/\p{Cc}/u.test(values.name) || values.name.trim().length > MEMBER_NAME_MAX_LENGTH)) fail(`--name is at most ${MEMBER_NAME_MAX_LENGTH} characters, on one line`);
if (values.since !== undefined && !values.audit) fail('--since goes with --audit');
if (values.format !== 'table' && values.format !== 'json') fail(`unknown --format "${values.format}"`);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
for (const email of [values.invite, values.remove]) if (email !== undefined && !EMAIL.test(email.trim())) fail(`"${email}" is not an email address`);

const config = loadServerConfig();
const store = await openOperatorTeamStore(values['data-dir'] ?? defaultDataDir());
if (!store) {
  process.stderr.write('no database yet: start the service once (npm start, or npm run serve), which makes it, then run this again\n');
  process.exit(1);
}
const { team } = store;
const now = Date.now();
const out = (text: string) => process.stdout.write(terminalSafe(text));

try {
  if (values.invite !== undefined) {
    const { token, tokenHash } = newInvitationToken();
    const profile = { name: values.name, language: isLanguageCode(values.language) ? values.language : undefined };
    const member = await team.accounts.invite(values.invite, values.role as TeamRole | undefined, tokenHash, now, now + INVITATION_MS, profile);
    await team.audit.record({ at: now, actor: OPERATOR, action: 'invite', detail: { member: member.email, role: member.role, revokedPasskeys: member.revokedPasskeys } });
    const link = `${config.teamOrigin}${TEAM_PAGES.invite}#${token}`;
    if (member.revokedPasskeys > 0) out(`${member.email}'s ${member.revokedPasskeys === 1 ? 'passkey is' : `${member.revokedPasskeys} passkeys are`} revoked and their sessions ended: they register a new one with this link\n`);
    out(`invitation for ${member.name ? `${member.name} <${member.email}>` : member.email} (${member.role}, ${member.language}), valid once until ${teamDateTime(now + INVITATION_MS)} (India):\n${link}\n`);
    if (config.email) {
      try {
        await sendInvitationEmail(config.email, member.email, link, loadSiteConfig().brandName);
        out(`emailed to ${member.email}\n`);
      } catch (error) {
        process.stderr.write(terminalSafe(`the email could not be sent (${(error as Error).message}): give the link above to ${member.email} yourself\n`));
        process.exitCode = 1;
      }
    }
  } else if (values.list) {
    const members = await team.accounts.list();
    if (values.format === 'json') process.stdout.write(terminalSafeJson(members) + '\n');
    else if (members.length === 0) out('no members yet: invite one with --invite EMAIL --role admin\n');
    else {
      out(
        renderTable(
          ['email', 'role', 'passkeys', 'last sign-in', 'added', 'status', 'name', 'language'],
          members.map((m) => [
            m.email,
            m.role,
            String(m.passkeys),
            m.lastSignInAt ? teamDateTime(m.lastSignInAt) : '',
            teamDateTime(m.createdAt),
            m.removedAt ? `removed ${teamDateTime(m.removedAt)}` : m.passkeys ? 'active' : 'invited',
            m.name,
            m.language,
          ]),
        ),
      );
    }
  } else if (values.remove !== undefined) {
    const member = await team.accounts.remove(values.remove, now);
    if (!member) {
      process.stderr.write(terminalSafe(`no member ${values.remove}\n`));
      process.exitCode = 1;
    } else if (member.removedAt !== now) {
      out(`${member.email} was removed already\n`);
    } else {
      await team.audit.record({ at: now, actor: OPERATOR, action: 'remove', detail: { member: member.email } });
      out(`${member.email} removed: their sessions ended and their passkeys were deleted; --invite brings them back\n`);
    }
  } else {
    const since = values.since === undefined ? undefined : startOfDay(values.since);
    const entries = [];
    for (let before: number | undefined; ; ) {
      const page = await team.audit.list({ since, before, limit: 1000 });
      entries.push(...page);
      if (page.length < 1000) break;
      before = page[page.length - 1]!.id;
    }
    if (values.format === 'json') process.stdout.write(terminalSafeJson(entries) + '\n');
    else if (entries.length === 0) out('the audit log has no entries for this period\n');
    else {
      out(
        renderTable(
          ['time (India)', 'who', 'did', 'lead', 'detail'],
          entries.map((e) => [teamDateTime(e.at), e.actor, e.action, e.leadId === null ? '' : String(e.leadId), e.detail ? JSON.stringify(e.detail) : '']),
          60,
        ),
      );
    }
  }
} finally {
  await store.close();
}
