function Exploding(): never {
  throw new Error('this component always fails');
}

export default function Broken() {
  return (
    <div>
      <Exploding />
    </div>
  );
}
