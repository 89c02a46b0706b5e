import { languages } from '../../../contract/languages.ts';
import { memberLabel, type TeamMember } from '../../../contract/team.ts';

/** A language choice's options: the site's languages by their own names (contract/languages.ts), each in its own language. */
export function LanguageOptions() {
  return languages.map((l) => (
    <option key={l.code} value={l.code} lang={l.htmlLang}>
      {l.name}
    </option>
  ));
}

/** A choice of member's options: each member by their label, their id the value. */
export function MemberOptions({ members }: { members: TeamMember[] }) {
  return members.map((m) => (
    <option key={m.id} value={String(m.id)}>
      {memberLabel(m)}
    </option>
  ));
}
