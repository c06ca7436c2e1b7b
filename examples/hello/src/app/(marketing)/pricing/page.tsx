// A route group: (marketing) adds no path segment, so this is /pricing.
const plans = [
  { name: 'Free', price: 0 },
  { name: 'Pro', price: 12 },
];

export default function Pricing() {
  return (
    <table>
      <tbody>
        {plans.map((p) => (
          <tr key={p.name}>
            <td>{p.name}</td>
            <td>${p.price}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
