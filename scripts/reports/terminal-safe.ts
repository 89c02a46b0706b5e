/** Output that is safe to print in a terminal: the rules live with the service (server/terminal-safe.ts), which writes the team's CSV with them too. */
export { terminalSafe, terminalSafeJson } from '../../server/terminal-safe.ts';
