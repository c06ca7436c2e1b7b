// tests/suites/fetch.sh writes the test backend's port here in its copy of the app.
export const BACKEND = 'http://127.0.0.1:__BACKEND_PORT__';

// "Name|message|cause.code" of a rejection, for the pages to print.
export function describe(e: unknown): string {
  const err = e as { name?: string; message?: string; cause?: { code?: string } };
  return `${err.name}|${err.message}|${err.cause ? err.cause.code : ''}`;
}

export async function outcome(p: Promise<Response>): Promise<string> {
  try {
    const res = await p;
    return `resolved ${res.status}`;
  } catch (e) {
    return describe(e);
  }
}
