// The inputs of robots.ts, sitemap.ts and manifest.ts, and a table of more
// of them. tests/metafiles/next-expect.mjs runs the same through Next.js's
// own serializer (tests/metafiles/expect/ holds what it wrote); the suite
// compares kit's bytes with those.
export const robots = {
  rules: [
    { userAgent: 'Googlebot', allow: ['/'], disallow: '/private/', crawlDelay: 2 },
    { userAgent: ['Applebot', 'Bingbot'], disallow: ['/admin', '/tmp'] },
  ],
  sitemap: ['https://acme.test/sitemap.xml', 'https://acme.test/blog/sitemap.xml'],
  host: 'https://acme.test',
};

export const sitemap = [
  {
    url: 'https://acme.test',
    lastModified: new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6)),
    changeFrequency: 'yearly',
    priority: 1,
    alternates: { languages: { es: 'https://acme.test/es', de: 'https://acme.test/de' } },
  },
  { url: 'https://acme.test/about', lastModified: '2024-05-06', changeFrequency: 'monthly', priority: 0.8 },
  { url: 'https://acme.test/blog', priority: 0, images: ['https://acme.test/a.jpg', 'https://acme.test/b.jpg'] },
  {
    url: 'https://acme.test/video',
    videos: [
      { title: 'Launch', thumbnail_loc: 'https://acme.test/t.jpg', description: 'A rocket & an anvil',
        duration: 60, rating: 4.5, family_friendly: 'yes', live: 'no',
        restriction: { relationship: 'allow', content: 'IE GB' }, uploader: { content: 'Wile' } },
      { title: 'Landing', thumbnail_loc: 'https://acme.test/u.jpg', description: 'Down',
        content_loc: 'https://acme.test/v.mp4', platform: { relationship: 'deny', content: 'tv' },
        uploader: { info: 'https://acme.test/wile', content: 'Wile E.' } },
    ],
  },
];

export const manifest = {
  name: 'Acme',
  short_name: 'Acme',
  description: 'Rockets and anvils',
  start_url: '/',
  display: 'standalone',
  background_color: '#fff',
  theme_color: '#112233',
  icons: [{ src: '/icon.png', sizes: '32x32', type: 'image/png' }],
};

// more shapes, each serialized by kit's functions and by Next.js's
export const table = {
  robots: [
    { rules: { userAgent: '*', allow: '/' } },
    { rules: { disallow: '/' }, sitemap: 'https://acme.test/s.xml' },
    { rules: [{ userAgent: 'a', crawlDelay: 0 }, { allow: ['/x', '/y'] }], host: 'acme.test' },
    { rules: [] },
  ],
  sitemap: [
    [],
    [{ url: 'https://acme.test/', alternates: {} }],
    [{ url: 'https://acme.test/a', alternates: { languages: {} } }, { url: 'https://acme.test/b', images: [] }],
    [{ url: 'https://acme.test/c', lastModified: new Date(0), priority: 0.5, changeFrequency: 'never' }],
  ],
  manifest: [{}, { name: 'x', icons: [] }, manifest],
};

// blog/sitemap.ts's generateSitemaps: one sitemap per id
export const shards = {
  0: [{ url: 'https://acme.test/blog/1', lastModified: '2024-01-01' }],
  7: [{ url: 'https://acme.test/blog/700', priority: 0.3 }, { url: 'https://acme.test/blog/701' }],
};
