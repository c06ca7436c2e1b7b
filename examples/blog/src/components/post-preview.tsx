import Avatar from './avatar';
import CoverImage from './cover-image';
import DateFormatter from './date-formatter';
import Link from '@kit/core/Link';
import type { Author } from '@/lib/types';

type Props = { title: string; coverImage: string; date: string; excerpt: string; author: Author; slug: string };

export function PostPreview({ title, coverImage, date, excerpt, author, slug }: Props) {
  return (
    <div>
      <div className="mb-5">
        <CoverImage slug={slug} title={title} src={coverImage} />
      </div>
      <h3 className="text-3xl mb-3 leading-snug">
        <Link href={`/posts/${slug}`} className="hover:underline">{title}</Link>
      </h3>
      <div className="text-lg mb-4">
        <DateFormatter dateString={date} />
      </div>
      <p className="text-lg leading-relaxed mb-4">{excerpt}</p>
      <Avatar name={author.name} picture={author.picture} />
    </div>
  );
}
