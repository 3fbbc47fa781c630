import { Loader } from '@mantine/core';
import { MISSING_TEXT_SPINNER } from '../../common/contract/constants';

/** SPEC §2, §9: a cell whose generated text is still missing shows a light-grey spinner at size 18. */
export function MissingText({ label = 'Still writing' }: { label?: string }) {
  return (
    <Loader
      size={MISSING_TEXT_SPINNER.size}
      color={MISSING_TEXT_SPINNER.color}
      role="img"
      aria-label={label}
    />
  );
}
