// The build stamp shown in the footer. tests/suites/client-components.sh
// rewrites it in a copy of the app and rebuilds, to change the build version
// under an open page (X-RSC-Version → 409 → one full load).
export const STAMP = 'build-1';
