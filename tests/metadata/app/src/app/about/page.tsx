// A static title under the template, and robots.
export const metadata = {
  title: 'About',
  robots: { index: false, follow: true },
  alternates: { canonical: '/about', languages: { de: '/de/about' } },
};

export default function About() {
  return <h1>about</h1>;
}
