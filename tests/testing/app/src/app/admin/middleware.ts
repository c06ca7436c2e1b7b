export const middleware = ['auth', 'can:admin'];
