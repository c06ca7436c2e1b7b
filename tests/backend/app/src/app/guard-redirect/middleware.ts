export const middleware = ['redirect-login'];
