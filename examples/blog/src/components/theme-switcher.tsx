'use client';

import { useEffect, useState } from 'react';
import { STORAGE_KEY } from '@/lib/theme-script';

type ColorScheme = 'system' | 'dark' | 'light';

const modes: ColorScheme[] = ['system', 'dark', 'light'];

export function ThemeSwitcher() {
  const [mode, setMode] = useState<ColorScheme>('system');

  useEffect(() => {
    setMode((localStorage.getItem(STORAGE_KEY) as ColorScheme) || 'system');
  }, []);

  const next = () => {
    const index = modes.indexOf(mode);
    const newMode = modes[(index + 1) % modes.length];
    localStorage.setItem(STORAGE_KEY, newMode);
    const dark = newMode === 'dark' || (newMode === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.setAttribute('data-mode', newMode);
    setMode(newMode);
  };

  return (
    <button
      id="theme-switch"
      type="button"
      onClick={next}
      className="fixed top-4 right-4 rounded-full border px-3 py-1 text-sm"
      aria-label={`Theme: ${mode}`}
    >
      {mode}
    </button>
  );
}
