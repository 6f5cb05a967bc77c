import type { ReactNode } from 'react';
import { ShopLayout } from '#web/modules/shop/ShopLayout.tsx';
import './finder.css';

/** A finder page: the shop frame (`title`, `description` for the head) with a hero heading and intro. */
export function FinderPage({
  title,
  description,
  heading = title,
  intro,
  children,
}: {
  title: string;
  description: string;
  heading?: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <ShopLayout title={title} description={description}>
      <div className="finder-hero">
        <h1>{heading}</h1>
        <p>{intro}</p>
      </div>
      {children}
    </ShopLayout>
  );
}
