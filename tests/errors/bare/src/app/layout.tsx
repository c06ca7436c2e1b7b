import { connection } from '@kit/core/request';

// No error.tsx and no global-error.tsx anywhere: nothing catches an error.
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body>
        <p id="bare-layout">bare layout</p>
        {children}
      </body>
    </html>
  );
}
