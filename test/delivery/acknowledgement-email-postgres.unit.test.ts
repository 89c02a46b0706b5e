/** The emails to the person who sent a form (acknowledgement-email.unit.suite.ts) on PostgreSQL: a database of its own in the run's cluster. */
import { personEmailSuite } from './acknowledgement-email.unit.suite.ts';

personEmailSuite('postgres');
