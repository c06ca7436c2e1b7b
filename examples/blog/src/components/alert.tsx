import cn from 'classnames';
import Container from './container';
import { EXAMPLE_PATH } from '@/lib/constants';

type Props = { preview?: boolean };

const Alert = ({ preview }: Props) => {
  return (
    <div className={cn('border-b dark:bg-slate-800', { 'bg-neutral-800 border-neutral-800 text-white': preview, 'bg-neutral-50 border-neutral-200': !preview })}>
      <Container>
        <div className="py-2 text-center text-sm">
          {preview ? (
            <>This page is a preview.</>
          ) : (
            <>
              The source code for this blog is{' '}
              <a href={`https://github.com/${EXAMPLE_PATH}`} className="underline hover:text-teal-300 duration-200 transition-colors">available on GitHub</a>.
            </>
          )}
        </div>
      </Container>
    </div>
  );
};

export default Alert;
