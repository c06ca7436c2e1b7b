// The benchmark page: a layout + 200 list items (the peers were measured on the same shape).
const items = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, name: `Item ${i + 1}`, price: (i * 37) % 100 }));

export default function List() {
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
