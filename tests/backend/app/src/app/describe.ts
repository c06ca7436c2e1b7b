import { HostCallError, ValidationError } from '@kit/core/rpc';

// "Kind|status|message" of what rpc() rejected with (or "ok|value").
export async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    return 'ok|' + JSON.stringify(await p);
  } catch (e) {
    const err = e as Error & { status?: number; digest?: string; errors?: unknown; code?: string };
    if (err instanceof ValidationError) return 'ValidationError|' + err.status + '|' + JSON.stringify(err.errors);
    if (err instanceof HostCallError) return err.name + '|' + err.status + '|' + err.message + (err.code ? '|' + err.code : '');
    return 'Error|' + (err.digest || '') + '|' + String(err && err.message);
  }
}
