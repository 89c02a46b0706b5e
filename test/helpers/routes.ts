import { defaultLanguage, languages, routeIn, type Language } from '../../contract/languages.ts';
import { notFoundRouteFor } from '../../scripts/paths.ts';
import { builtPages, noticeLanguagesWithText } from '../../site-generator/page-templates.ts';
import { noticeRoute } from '../../contract/notice-languages.ts';

/**
 * The site's routes (spec §2) and what each must show: its one h1 and phrases of its visible text (test/helpers/page-text.ts) that hold the
 * spec's figures and names (§1, §9) in their context.
 */
export interface Route {
  path: string;
  h1: string;
  says: string[];
}

const features = [
  'Visitor management', 'Parking management', 'Staff attendance', 'Digital notice board', 'Gate security',
  'Revenue generation', 'QR code access', 'Community communication', 'Committee management', 'Admin dashboard',
];

export const routes: Route[] = [
  {
    path: '/',
    h1: 'Free society management & security app for gated communities, apartments and RWAs',
    says: [
      'Free forever Unlimited residents 24/7 security and support Zero monthly fees',
      'Save about ₹50,000 every year compared with paid apps, and be up and running within one day.',
      'Register Your Society Watch Demo (opens in a new tab)',
      'Fill in the form. It takes 2 minutes. We set up your society within 24 hours.',
      'Setup ₹25,000 Annual subscription ₹50,000 Training ₹10,000 Total ₹85,000 Adoption under 30%',
      'Save ₹2,50,000+ over 3 years. Start Saving Today',
      'Setup cost ₹25,000 ₹0 Monthly fee ₹4,000 ₹0 Annual cost ₹48,000 ₹0 Revenue sharing No Yes Custom features Extra cost Included Support Paid tiers Always free',
      ...features,
      'Competitor A ₹50,000+ Competitor B ₹30,000+ SocietyDesk ₹0',
      'Custom branding', 'Analytics dashboard', 'Priority support', 'Dedicated account manager',
      'Societies earn ₹10K+ monthly from revenue generation.',
      '2500+ Societies 8,50,000+ Residents ₹15+ crore Annual savings ₹2.5+ crore Revenue generated',
      'Available on Google Play Store soon!',
    ],
  },
  {
    path: '/about-us',
    h1: 'Society management should be free for every community',
    says: ['Our mission', 'Our vision', 'Our story', 'Always Free', 'Community First', 'Innovation', 'Register Your Society'],
  },
  {
    path: '/success-stories',
    h1: 'Real societies, real savings',
    says: [
      '2500+ Societies using SocietyDesk 8,50,000+ Residents on the app ₹15+ crore Saved by societies every year ₹2.5+ crore Revenue generated for societies',
      'Rajesh Iyer Secretary, Green Meadows Residency', 'Sunita Deshmukh President, Shanti Vihar RWA', 'Arjun Malhotra Treasurer, Lakeview Heights Apartments',
      'Before Paper registers', 'After SocietyDesk Biometric attendance',
      'Register Your Society Schedule Demo',
    ],
  },
  {
    path: '/features',
    h1: 'Everything your society needs, in one free app',
    says: [
      'Six tools that run the daily life of a society',
      'Twelve more features, all included',
      'Setup cost ₹0 ₹25,000 Monthly fee ₹0 ₹4,000 Annual cost ₹0 ₹48,000',
      'Technology Secure, modern and built for phones',
      'Register Your Society Open the Web App (opens in a new tab)',
    ],
  },
  {
    path: '/career',
    h1: "Start your career building technology for India's housing societies",
    says: [
      'Apply Now View Positions',
      'Tech Intern Internship 3-6 months · Hybrid', 'Marketing & Sales Intern Internship 3-6 months · Hybrid', 'Member of Technical Staff Full-time Hybrid',
      'The internship lasts 3-6 months',
      'The first three months are training with a minimal fee. After the training, you receive a stipend plus performance incentives.',
      'The work is hybrid: 3 days in office and 2 days remote.',
      'Available on Google Play Store soon!',
    ],
  },
  {
    path: '/privacy-policy',
    h1: 'Privacy Policy',
    says: ['Effective date: 1 September 2025', 'The Service is not directed at children under 13', 'Back to Home'],
  },
  {
    path: '/terms-of-service',
    h1: 'Terms of Service',
    says: [
      'Effective date: 1 September 2025',
      'You must be 18 or older to use the Service, or use it with the permission of a parent or guardian or of your RWA.',
      'These Terms are governed by the laws of India. The courts in Delhi have exclusive jurisdiction',
      'Back to Home',
    ],
  },
  {
    path: '/register',
    h1: 'Register your society for free',
    says: ['Fill in this form in 2 minutes: we set everything up within 24 hours.'],
  },
];

/** Pages beside the spec's routes: the partner page, the form made for an iframe (noindex, not in the sitemap) and the not-found page. */
export const embedPage = { path: '/embed', h1: 'Share our free registration form' };
export const framePage = { path: '/embed/frame', h1: 'Register your society with SocietyDesk' };
export const notFoundPage = { path: '/no-such-page', h1: 'Oops! Page not found' };

/** The notice in every language: its list (/notice, in each language of the site, by withTwins) and each language's page that is built (/notice/hi). */
export const noticeListPage = { path: '/notice', h1: 'Read the notice in your language' };
export const noticeLanguagePages = (): string[] => noticeLanguagesWithText().map(noticeRoute);

/**
 * The other languages' twins of routes (contract/languages.ts): the pages the build writes
 * from the same template in each language (site-generator/page-templates.ts; a path that no
 * page answers, such as /no-such-page, is twinned by that language's not-found page), routes
 * the route-driven suites check as well.
 */
export function twinRoutes(paths: string[]): { path: string; twinOf: string; language: Language }[] {
  return languages
    .filter((language) => language !== defaultLanguage)
    .flatMap((language) =>
      paths
        .map((path) => ({ path: routeIn(language, path), twinOf: path, language }))
        .filter(({ path, twinOf }) => built.has(built.has(twinOf) ? path : notFoundRouteFor(path))),
    );
}

const built = new Set(builtPages().map((page) => page.route));

/** The same paths followed by their twins in the other languages. */
export const withTwins = (paths: string[]): string[] => [...paths, ...twinRoutes(paths).map((twin) => twin.path)];
