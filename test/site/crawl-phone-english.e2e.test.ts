/** The crawl (test/site/crawl.ts) on a phone: the English pages, the routes built once, and the notice in one language per script. */
import { defaultLanguage } from '../../contract/languages.ts';
import { layoutNoticeLanguages, noticePagesIn, oneLanguageRoutes, templatePagesIn } from '../helpers/page-sample.ts';
import { crawl } from './crawl.ts';

crawl('phone', [...templatePagesIn([defaultLanguage]), ...oneLanguageRoutes, ...noticePagesIn(layoutNoticeLanguages)]);
