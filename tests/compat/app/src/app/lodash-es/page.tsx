import { camelCase, forEach, chunk, cloneDeep, deburr, escape, groupBy, kebabCase, merge, orderBy, sortBy, startCase, template, uniqBy, words } from 'lodash-es';

const people = [
  { name: 'Zoë', age: 31, team: 'b' },
  { name: 'adam', age: 25, team: 'a' },
  { name: 'Émile', age: 31, team: 'a' },
];

export default function Page() {
  const lines = [
    JSON.stringify(groupBy(people, 'team')),
    JSON.stringify(sortBy(people, ['age', 'name']).map((p) => p.name)),
    JSON.stringify(orderBy(people, ['age', 'name'], ['desc', 'asc']).map((p) => p.name)),
    JSON.stringify(chunk([1, 2, 3, 4, 5], 2)),
    camelCase('Foo Bar-baz_qux'), kebabCase('fooBarBaz'), startCase('hello-world example'),
    deburr('Žluťoučký kůň déjà vu'), escape('<a href="x">&\'</a>'),
    JSON.stringify(merge({ a: { b: 1, c: [1] } }, { a: { d: 2, c: [2, 3] } })),
    JSON.stringify(cloneDeep({ d: new Date(0), r: /x/g, n: [1, { m: 2 }] })),
    JSON.stringify(uniqBy([2.1, 1.2, 2.3], Math.floor)),
    JSON.stringify(words('fred, barney, & pebbles')),
    // lodash's documented form (the template's code is compiled by new Function at run time)
    template('<% _.forEach(users, function(user) { %><li><%- user %></li><% }); %>', { imports: { _: { forEach, escape } } })({ users: ['fred', '<barney>'] }),
    template('hello <%= user.name %>!')({ user: { name: 'kit' } }),
  ];
  return <main id="compat">{lines.map((l, i) => <p key={i}>{l}</p>)}</main>;
}
