/** The store suite (store.unit.suite.ts) on SQLite, a data folder's leads.db: the default store. */
import { storeSuite } from './store.unit.suite.ts';

storeSuite('sqlite');
