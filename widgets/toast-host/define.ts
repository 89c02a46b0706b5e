/** Entry of /widgets/toast-host.js: defines <toast-host> (once per page). */
import './register.ts';
