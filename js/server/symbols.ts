// The React symbols the engine recognises. Symbol.for keys are React's own, so
// third-party code that compares against them (isValidElement, Fragment
// checks) agrees with ours.
export const REACT_ELEMENT = Symbol.for('react.transitional.element');
export const REACT_FRAGMENT = Symbol.for('react.fragment');
export const REACT_SUSPENSE = Symbol.for('react.suspense');
export const REACT_STRICT_MODE = Symbol.for('react.strict_mode');
export const REACT_PROFILER = Symbol.for('react.profiler');
export const REACT_FORWARD_REF = Symbol.for('react.forward_ref');
export const REACT_MEMO = Symbol.for('react.memo');
export const REACT_CLIENT_REFERENCE = Symbol.for('react.client.reference');
export const REACT_CONTEXT = Symbol.for('react.context');
export const REACT_CONSUMER = Symbol.for('react.consumer');
export const REACT_LAZY = Symbol.for('react.lazy');
export const REACT_SERVER_REFERENCE = Symbol.for('react.server.reference');
