// The theme: a key in localStorage, applied by an inline script in the
// layout's <head> before the page paints (no flash of the wrong theme), and
// changed by the ThemeSwitcher client component. Not a "use client" module:
// the server layout needs the string itself, not a client reference.
export const STORAGE_KEY = 'kit-blog-theme';

export const themeScript = `(function(){try{var m=localStorage.getItem('${STORAGE_KEY}')||'system';var d=m==='dark'||(m==='system'&&matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.classList.toggle('dark',d);document.documentElement.setAttribute('data-mode',m);}catch(e){}})();`;
