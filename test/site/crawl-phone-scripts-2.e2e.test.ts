/** The crawl (test/site/crawl.ts) on a phone: part 2 of 3 of the other scripts' pages (test/helpers/page-sample.ts). */
import { layoutLanguages, slice, templatePagesIn } from '../helpers/page-sample.ts';
import { crawl } from './crawl.ts';

crawl('phone', slice(templatePagesIn(layoutLanguages.slice(1)), 1, 3));
