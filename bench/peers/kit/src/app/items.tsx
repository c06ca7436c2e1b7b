// The 200 list items of examples/hello's /bench/list.
export const items = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, name: `Item ${i + 1}`, price: (i * 37) % 100 }));

export function Items() {
  return (
    <ul className="items">
      {items.map((item) => (
        <li key={item.id} data-id={item.id}>
          <strong>{item.name}</strong> costs {item.price} coins
        </li>
      ))}
    </ul>
  );
}
