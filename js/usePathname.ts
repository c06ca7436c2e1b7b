// `@kit/core/usePathname`: see navigation.ts.
export { usePathname, usePathname as default } from './navigation';
