import { CENSUS_HEADER } from '@shop/core';
import { Fragment } from 'react';

/**
 * The census file's header line as it must be typed: one word with no space, wider than a phone,
 * so it may break after each comma (and nowhere else), where a reader copying it sees the break.
 */
export function CensusHeader() {
  const columns = CENSUS_HEADER.split(',');
  return (
    <code className="font-mono">
      {columns.map((column, index) => (
        <Fragment key={column}>
          {column}
          {index < columns.length - 1 ? (
            <>
              ,<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </code>
  );
}
