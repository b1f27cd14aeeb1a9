import { Link } from 'react-router';

interface MessageSupportLinkProps {
  /** the order the message is about: it is attached when the member writes */
  orderId?: string;
  /** a request to change the order's collection choice */
  topic?: 'collection_change';
  className?: string;
  children?: React.ReactNode;
}

/** Where the shop tells people to message support: the contact page, with the order already attached. */
export function MessageSupportLink({ orderId, topic, className, children = 'Message support' }: MessageSupportLinkProps) {
  const query = new URLSearchParams();
  if (orderId) query.set('order', orderId);
  if (topic) query.set('topic', topic);
  const search = query.toString();
  return (
    <Link to={`/contact${search ? `?${search}` : ''}`} className={className ?? 'font-semibold text-brand underline'}>
      {children}
    </Link>
  );
}
