import { useEffect, useId, useRef, useState } from 'react';
import { isLanguageCode, type LanguageCode } from '../../../contract/languages.ts';
import { memberLabel, TEAM_API, TEAM_PAGES, type TeamMember } from '../../../contract/team.ts';
import { useMessages } from '../i18n/index.ts';
import { listApiQuery } from '../worklist/query.ts';
import { api } from './api.ts';
import { LanguageOptions } from './options.tsx';
import { onLinkClick, type Location } from './router.ts';

interface Props {
  member: TeamMember | null;
  where: Location;
  lang: LanguageCode;
  onLanguage(lang: LanguageCode): void;
  onSignedOut(): void;
}

/** The app's bar, one line on a phone: its name, then the menu (signed in) or the language (signed out). */
export function Header({ member, where, lang, onLanguage, onSignedOut }: Props) {
  const t = useMessages();
  return (
    <header className="bar">
      <p className="bar-name">{t.appName}</p>
      {member ? <Menu member={member} where={where} lang={lang} onLanguage={onLanguage} onSignedOut={onSignedOut} /> : <LanguageSelect lang={lang} onLanguage={onLanguage} />}
    </header>
  );
}

/** The languages by their own names (contract/languages.ts). */
function LanguageSelect({ lang, onLanguage, labelled = false }: { lang: LanguageCode; onLanguage(lang: LanguageCode): void; labelled?: boolean }) {
  const t = useMessages();
  const id = useId();
  return (
    <div className="bar-language">
      <label htmlFor={id} className={labelled ? undefined : 'visually-hidden'}>
        {t.menu.language}
      </label>
      <select id={id} value={lang} onChange={(e) => isLanguageCode(e.currentTarget.value) && onLanguage(e.currentTarget.value)}>
        <LanguageOptions />
      </select>
    </div>
  );
}

/** The screens, the export of the list shown (admins), the member's name and language, and sign-out, folded into one button. */
function Menu({ member, where, lang, onLanguage, onSignedOut }: Props & { member: TeamMember }) {
  const t = useMessages();
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => setOpen(false), [where.path, where.search.toString()]);
  useDismiss(open, () => setOpen(false), panel, button);

  const list = where.path === '/team' || where.path === TEAM_PAGES.spam;
  const links = [
    { href: TEAM_PAGES.worklist, label: t.menu.worklist, current: where.path === '/team' || where.path.startsWith('/team/leads') },
    { href: TEAM_PAGES.spam, label: t.menu.spam, current: where.path === TEAM_PAGES.spam },
    ...(member.role === 'admin' ? [{ href: TEAM_PAGES.audit, label: t.menu.audit, current: where.path === TEAM_PAGES.audit }] : []),
    { href: TEAM_PAGES.profile, label: t.menu.profile, current: where.path === TEAM_PAGES.profile },
  ];
  const signOut = async () => {
    await api(TEAM_API.signOut, { method: 'POST', body: {} }).catch(() => undefined);
    onSignedOut();
  };
  return (
    <div className="menu">
      <button ref={button} type="button" className="button menu-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {t.menu.open}
      </button>
      <div ref={panel} id={id} className="menu-panel" hidden={!open}>
        <p className="menu-who">{t.menu.signedInAs(memberLabel(member))}</p>
        <nav aria-label={t.menu.label}>
          <ul>
            {links.map((l) => (
              <li key={l.href}>
                <a href={l.href} onClick={onLinkClick} aria-current={l.current ? 'page' : undefined}>
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {list && member.role === 'admin' && (
          <p>
            <a className="button" href={`${TEAM_API.leadsCsv}${listApiQuery(where.path === TEAM_PAGES.spam, where.search)}`} download aria-describedby={`${id}-export`}>
              {t.menu.exportCsv}
            </a>
            <span id={`${id}-export`} className="hint">
              {' '}
              {t.menu.exportHint}
            </span>
          </p>
        )}
        <LanguageSelect lang={lang} onLanguage={onLanguage} labelled />
        <button type="button" className="button" onClick={signOut}>
          {t.menu.signOut}
        </button>
      </div>
    </div>
  );
}

/** Closes an open menu on Escape (focus back on its button) or on a press outside it. */
function useDismiss(open: boolean, close: () => void, panel: React.RefObject<HTMLElement | null>, button: React.RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    const onPress = (event: PointerEvent) => {
      if (!panel.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [open, close, panel, button]);
}
