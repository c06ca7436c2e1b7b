// `@kit/core/useSearchParams`: see navigation.ts.
export { useSearchParams, useSearchParams as default, SearchParamsOnServerError } from './navigation';
