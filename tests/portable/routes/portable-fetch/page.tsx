import { connection } from '@kit/core/request';

// fetch() needs libcurl, loaded on first use: without it the promise rejects, the page goes on.
export default async function PortableFetch() {
  await connection();
  let text: string;
  try {
    const res = await fetch('http://127.0.0.1:9/');
    text = 'status: ' + res.status;
  } catch (e) {
    text = 'error: ' + (e as Error).name + ': ' + (e as Error).message;
  }
  return <p id="fetch">{text}</p>;
}
