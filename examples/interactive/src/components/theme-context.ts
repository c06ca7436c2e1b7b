// A plain module shared by the client modules below: one context object on
// the server (one module instance in server.js) and one in the browser.
import { createContext } from 'react';

export interface Theme { name: string; toggle: () => void }
export const ThemeContext = createContext<Theme>({ name: 'default', toggle: () => {} });
export const DepthContext = createContext(0);
