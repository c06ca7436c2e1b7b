import type { ReactNode } from 'react';
import { DefaultTheme, Deeper, ThemeConsumer, ThemeLabel, ThemeProvider, ThemeToggle, ThemeUse } from '../../../components/theme';

async function ServerPart({ children }: { children?: ReactNode }) {
  await new Promise((r) => setTimeout(r, 10));
  return <div className="server-part"><p>rendered by a server component</p>{children}</div>;
}

export default function ContextPage() {
  return (
    <section id="page-context">
      <h1>Context</h1>
      <DefaultTheme />
      <ThemeProvider initial="light">
        <ThemeLabel id="theme-a" />
        <ServerPart>
          <ThemeLabel id="theme-b" />
          <Deeper>
            <ThemeLabel id="theme-c" />
            <ServerPart>
              <Deeper>
                <ThemeLabel id="theme-d" />
              </Deeper>
            </ServerPart>
          </Deeper>
          <ThemeLabel id="theme-e" />
        </ServerPart>
        <ThemeUse id="theme-use" />
        <ThemeConsumer id="theme-consumer" />
        <ThemeToggle />
        <ThemeProvider initial="dark">
          <ThemeLabel id="theme-inner" />
        </ThemeProvider>
      </ThemeProvider>
      <ThemeLabel id="theme-after" />
    </section>
  );
}
