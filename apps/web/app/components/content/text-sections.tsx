import type { TextSection } from '@shop/core';

/** Running text in titled sections: legal pages and articles. */
export function TextSections({ sections }: { sections: readonly TextSection[] }) {
  return (
    <div className="mt-8 space-y-8">
      {sections.map((section) => (
        <section key={section.heading}>
          <h2 className="text-2xl font-bold">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-muted">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </div>
  );
}
