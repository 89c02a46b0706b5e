/** The crawl (test/site/crawl.ts) on a desktop: English and the language of the longest text, and the routes built once. */
import { defaultLanguage } from '../../contract/languages.ts';
import { longestLanguage, oneLanguageRoutes, templatePagesIn } from '../helpers/page-sample.ts';
import { crawl } from './crawl.ts';

crawl('desktop', [...templatePagesIn([defaultLanguage, longestLanguage]), ...oneLanguageRoutes]);
