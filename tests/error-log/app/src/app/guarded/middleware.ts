type Session = { user: string };
const sessions: Record<string, Session> = {};

// A guard with a bug: a TypeError (line 7) is a 500 with its log line, not a refusal.
export default async function guard() {
  const session = sessions['nobody'];
  if (!session!.user) throw new Error('not reached');
}
