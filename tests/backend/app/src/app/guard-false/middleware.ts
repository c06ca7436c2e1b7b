export const middleware = ['answer-false'];
