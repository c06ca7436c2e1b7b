// Next.js's i18n-routing middleware, as a Next.js app writes it (only the
// import differs: 'next/server' is '@kit/core/server' in kit), plus one
// path for each other thing a middleware may do.
import { NextResponse, type NextRequest } from '@kit/core/server';
// for /matcher-table only: the patterns compiled as config.matcher's are
import { patternToRegExp } from '@kit/core/server/next-middleware';
import { redirect } from '@kit/core/redirect';

const locales = ['en', 'de'];

// Accept-Language without a negotiator package: the first language (by q)
// whose primary tag the app has, else the first locale.
function getLocale(request: NextRequest): string {
  const header = request.headers.get('accept-language') || '';
  const ranked = header.split(',').map((part, i) => {
    const [tag, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return { tag: tag.toLowerCase().split('-')[0], q: q ? parseFloat(q.slice(2)) : 1, i };
  }).filter((l) => l.tag && l.q > 0).sort((a, b) => b.q - a.q || a.i - b.i);
  const hit = ranked.find((l) => locales.indexOf(l.tag) >= 0);
  return hit ? hit.tag : locales[0];
}

export function middleware(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === '/boom') throw new Error('boom from the middleware');
  if (pathname === '/matcher-table') {
    // each pattern: the paths it matches, of the same list
    const paths = ['/', '/about', '/about/a', '/about/a/b', '/aboutx', '/About/A', '/dashboard', '/dashboard/x/y',
      '/blog', '/blog/a', '/blog/a/b', '/en/about', '/fr/about', '/api/x', '/_kit/static/a.js', '/favicon.ico',
      '/files', '/files/a/b.txt'];
    const patterns = ['/about/:path*', '/dashboard/:path+', '/blog/:slug', '/blog/:slug?', '/:lang(en|de)/about',
      '/((?!api|_kit|favicon.ico).*)', '/files/(.*)', '/'];
    const table: Record<string, string[]> = {};
    for (const p of patterns) table[p] = paths.filter((x) => patternToRegExp(p).test(x));
    return NextResponse.json(table);
  }
  if (pathname === '/mw-json')
    return NextResponse.json({ from: 'middleware', q: request.nextUrl.searchParams.get('q') }, { status: 202 });
  if (pathname === '/plain')
    return new Response('a plain answer\n', { status: 418, headers: { 'x-plain': 'yes' } });
  if (pathname === '/kit-redirect') redirect('/en/about');
  if (pathname === '/old-about') {
    const headers = new Headers(request.headers);
    headers.set('x-locale-seen', 'en (rewritten)');
    return NextResponse.rewrite(new URL('/en/about', request.url), { request: { headers } });
  }
  if (pathname.startsWith('/api/guarded/'))
    return NextResponse.json({ message: 'guarded by the middleware' }, { status: 401 });
  if (pathname === '/api/needs-cookie') return NextResponse.json({ message: 'the ok cookie is missing' }, { status: 403 });
  if (pathname === '/de/secret' && !request.cookies.has('session'))
    return NextResponse.redirect(new URL('/de', request.url));

  const hasLocale = locales.some((l) => pathname.startsWith(`/${l}/`) || pathname === `/${l}`);
  if (hasLocale) {
    // request headers handed on (a page reads them with headers()), response
    // headers and a cookie on the answer
    const headers = new Headers(request.headers);
    headers.set('x-locale-seen', pathname.split('/')[1]);
    const res = NextResponse.next({ request: { headers } });
    res.headers.set('x-middleware', 'ran');
    res.headers.append('set-cookie', 'raw=1; Path=/');
    res.cookies.set('seen-locale', pathname.split('/')[1]);
    return res;
  }
  // Redirect if there is no locale
  const locale = getLocale(request);
  request.nextUrl.pathname = `/${locale}${pathname === '/' ? '' : pathname}`;
  return NextResponse.redirect(request.nextUrl);
}

export const config = {
  matcher: [
    // everything but the API routes, kit's assets and the favicon
    '/((?!api|_kit|favicon.ico).*)',
    { source: '/api/guarded/:path*', has: [{ type: 'header', key: 'x-token' }] },
    { source: '/api/needs-cookie', missing: [{ type: 'cookie', key: 'ok', value: 'y.s' }] },
  ],
};
