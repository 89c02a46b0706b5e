/** The store suite (store.unit.suite.ts) on PostgreSQL (DATABASE_URL): a database of its own in the run's cluster. */
import { storeSuite } from './store.unit.suite.ts';

storeSuite('postgres');
