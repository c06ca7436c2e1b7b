// The way Next.js's blog-starter reads its posts: fs and path from the app's
// directory (process.cwd()).
import fs from 'fs';
import { join } from 'path';

const postsDirectory = join(process.cwd(), 'content/posts');

export interface Post { slug: string; title: string; date: string; content: string }

function parse(slug: string, text: string): Post {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  const data: Record<string, string> = {};
  if (m) for (const line of m[1].split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) data[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return { slug, title: data.title || slug, date: data.date || '', content: m ? m[2] : text };
}

export function getPostSlugs(): string[] {
  return fs.readdirSync(postsDirectory).filter((f) => f.endsWith('.md')).map((f) => f.replace(/\.md$/, ''));
}

export function getPostBySlug(slug: string): Post {
  return parse(slug, fs.readFileSync(join(postsDirectory, `${slug}.md`), 'utf8'));
}

export function getAllPosts(): Post[] {
  return getPostSlugs().map(getPostBySlug).sort((a, b) => (a.date > b.date ? -1 : 1));
}
