export const middleware = ['auth'];
