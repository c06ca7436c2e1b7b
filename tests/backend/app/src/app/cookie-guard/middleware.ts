// The backend guard "remember" passes and sets a cookie on its answer.
export const middleware = ['remember'];
