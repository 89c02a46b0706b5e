/** The site's routes and what each must show (spec §2 and the site issue). */
export const routes: { path: string; heading: RegExp; mustContain: (string | RegExp)[]; footer: boolean }[] = [
  {
    path: '/',
    heading: /./,
    footer: true,
    mustContain: ['Register Your Society', 'Watch Demo', 'Start Saving Today', '25,000', '50,000', '10,000', '85,000', '30%', '4,000', '48,000', '2,50,000+', '2500+', '8,50,000+', '15+ crore', '2.5+ crore', '30,000+', '10K+', 'Available on Google Play Store soon!', 'Visitor', 'Parking', 'Staff attendance', 'notice board', 'Gate security', 'Revenue generation', 'QR code', 'Committee', 'Admin dashboard'],
  },
  { path: '/about-us', heading: /./, footer: false, mustContain: ['Always Free', 'Community First', 'Innovation', /mission/i, /vision/i, /story/i] },
  { path: '/success-stories', heading: /./, footer: false, mustContain: ['2500+', '8,50,000+', 'Register Your Society', 'Schedule Demo', /before/i, /after/i] },
  { path: '/features', heading: /./, footer: false, mustContain: [/technology/i, '25,000', /compar/i] },
  {
    path: '/career',
    heading: /./,
    footer: true,
    mustContain: ['Apply Now', 'View Positions', 'Tech Intern', 'Marketing &amp; Sales Intern', 'Member of Technical Staff', /3[-–]6 months/, /3 days/, /2 days/, /stipend/i, /incentive/i, 'Available on Google Play Store soon!'],
  },
  { path: '/privacy-policy', heading: /privacy/i, footer: false, mustContain: ['1 September 2025', '13', 'Back to Home'] },
  { path: '/register', heading: /register your society/i, footer: false, mustContain: ['2 minutes', '24 hours', 'No setup fee and no monthly fee'] },
  { path: '/terms-of-service', heading: /terms/i, footer: false, mustContain: ['1 September 2025', '18', /guardian/i, /RWA/, /India/, /Delhi/, 'Back to Home'] },
];
