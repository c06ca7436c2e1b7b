// Defaults, as `create-next-app` leaves them.
export default {};
