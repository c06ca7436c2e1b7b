export { jsx, jsxs, jsxDEV, Fragment } from './jsx-runtime';
