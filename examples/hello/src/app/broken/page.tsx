import { connection } from '@kit/core/request';
function Exploding(): never {
  throw new Error('this component always fails');
}

export default async function Broken() {
  await connection(); // the failure happens per request, not at build
  return (
    <div>
      <Exploding />
    </div>
  );
}
