import { Footer } from '@/components/footer';
import { ThemeSwitcher } from '@/components/theme-switcher';
import { themeScript } from '@/lib/theme-script';
import { CMS_NAME, HOME_OG_IMAGE_URL } from '@/lib/constants';
import './globals.css';

export const metadata = {
  title: `kit Blog Example with ${CMS_NAME}`,
  description: `A statically generated blog example using kit and ${CMS_NAME}.`,
  openGraph: {
    images: [HOME_OG_IMAGE_URL],
  },
};

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <meta name="theme-color" content="#000" />
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="dark:bg-slate-900 dark:text-slate-400">
        <ThemeSwitcher />
        <div className="min-h-screen">{children}</div>
        <Footer />
      </body>
    </html>
  );
}
