'use client';

import Link from '@kit/core/Link';
import { usePathname } from '@kit/core/usePathname';
import { i18n, type Locale } from '../i18n-config';

export default function LocaleSwitcher() {
  const pathname = usePathname();
  const redirectedPathname = (locale: Locale) => {
    if (!pathname) return '/';
    const segments = pathname.split('/');
    segments[1] = locale;
    return segments.join('/');
  };

  return (
    <div>
      <p>Locale switcher:</p>
      <ul>
        {i18n.locales.map((locale) => (
          <li key={locale}>
            <Link id={`to-${locale}`} href={redirectedPathname(locale)}>{locale}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
