// metadata.icons set: the icon files give way; favicon.ico still comes first.
export const metadata = { title: 'Icons', icons: { icon: '/own.png' } };

export default function Icons() {
  return <h1>icons</h1>;
}
