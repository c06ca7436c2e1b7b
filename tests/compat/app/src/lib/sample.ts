// The markdown every markdown library renders: the constructs blog posts use.
export const sample = `# Hello, *world*

A paragraph with **bold**, _emphasis_, \`code\`, a [link](https://example.com "Title")
and an autolink <https://kit.dev>. Ampersands & <angle> brackets, "quotes" -- dashes...

## Lists

- one
- two
  - nested *item*
- three

1. first
2. second

* [ ] todo
* [x] done

> A quote
> over two lines.

\`\`\`ts
const answer: number = 42;
console.log(\`answer: \${answer}\`);
\`\`\`

| Name | Price |
| :--- | ----: |
| Tea  | 1,50 € |
| Café | 2.00 $ |

Text with ~~strike~~ and a footnote[^1], Ünïcödé and emoji 🎉.

<div class="raw">raw <b>html</b></div>

[^1]: The note.
`;
