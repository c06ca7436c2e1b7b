import { Nav } from '../components/nav';

// The body of examples/hello's layout.
export default async function RootLayout({ children }) {
  return (
    <>
      <Nav />
      <main id="content">{children}</main>
      <footer>Served by kit</footer>
    </>
  );
}

export const getConfig = async () => ({ render: 'static' });
