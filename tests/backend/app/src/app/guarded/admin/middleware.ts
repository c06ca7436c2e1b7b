export const middleware = ['can:admin'];
