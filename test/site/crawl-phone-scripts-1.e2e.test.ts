/** The crawl (test/site/crawl.ts) on a phone: the pages of the first half of the other scripts (test/helpers/page-sample.ts). */
import { layoutLanguages, templatePagesIn } from '../helpers/page-sample.ts';
import { crawl } from './crawl.ts';

const others = layoutLanguages.slice(1);
crawl('phone', templatePagesIn(others.slice(0, Math.ceil(others.length / 2))));
