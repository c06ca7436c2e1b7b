import { HostCallError } from '@kit/core/rpc';

// A call the test gives no handler for: the failure names the function.
export default async function Reports() {
  try {
    const r = await rpc<string>('Reports.daily');
    return <p id="report">{r}</p>;
  } catch (e) {
    return <p id="report-failed">{e instanceof HostCallError ? e.name + ' ' + e.status : 'Error'}: {(e as Error).message}</p>;
  }
}
