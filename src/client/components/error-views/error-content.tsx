import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { PageTitle } from '../page-title/page-title.tsx';

type ErrorContentProps = {
  /** The document title (without the app name). */
  pageTitle?: string;
  title: string;
  description: ReactNode;
  illustration?: ReactNode;
  /** Buttons or links under the text. */
  action?: ReactNode;
  /** `h1` on a page of its own; `h2` inside a page that has its heading already. */
  headingLevel?: 'h1' | 'h2';
};

/** The body of an error or status page: illustration, heading, text and actions, centred. */
export function ErrorContent({
  pageTitle,
  title,
  description,
  illustration,
  action,
  headingLevel = 'h1',
}: ErrorContentProps) {
  return (
    <Box
      sx={{
        py: { xs: 4, md: 6 },
        mx: 'auto',
        width: 1,
        maxWidth: 480,
        textAlign: 'center',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
      }}
    >
      {pageTitle && <PageTitle title={pageTitle} />}
      <Typography variant="h3" component={headingLevel} sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{description}</Typography>
      {illustration && (
        <Box sx={{ my: { xs: 4, md: 6 }, width: 1, display: 'flex', justifyContent: 'center' }}>
          {illustration}
        </Box>
      )}
      {action && (
        <Box
          sx={{
            display: 'flex',
            gap: 2,
            flexWrap: 'wrap',
            justifyContent: 'center',
            mt: illustration ? 0 : 4,
          }}
        >
          {action}
        </Box>
      )}
    </Box>
  );
}
