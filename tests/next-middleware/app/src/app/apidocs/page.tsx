// Not covered by the matcher ("/((?!api|...).*)" leaves out every path
// starting with "api"): no middleware runs for it.
export default function ApiDocs() {
  return (
    <html lang="en">
      <body>
        <h1>api docs</h1>
      </body>
    </html>
  );
}
