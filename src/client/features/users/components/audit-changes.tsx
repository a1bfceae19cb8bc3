import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { auditChangeLines, EMPTY_VALUE } from './audit-change-lines.ts';

/** Lines shown before "N more" (a new user's entry lists every filled-in field). */
const FOLDED = 3;

/**
 * The changes of one audit entry, one line per field: "Status: Active → Banned". Values sit in <bdi> so an
 * email or a link keeps its own direction in Arabic; the arrow is a translation (← in right-to-left).
 */
export function AuditChanges({ changes }: { changes: unknown }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const lines = auditChangeLines(changes, t);
  if (lines.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {EMPTY_VALUE}
      </Typography>
    );
  }
  const folded = !expanded && lines.length > FOLDED + 1;
  const shown = folded ? lines.slice(0, FOLDED) : lines;
  return (
    <Box sx={{ minWidth: 0, py: 1, whiteSpace: 'normal' }}>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', typography: 'body2' }}>
        {shown.map((line) => (
          <Box component="li" key={line.key} sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {t('users.audit.fieldLabel', { field: line.label })}
            </Box>{' '}
            {'text' in line ? (
              line.text
            ) : (
              <>
                <bdi>{line.from}</bdi> {t('users.audit.arrow')} <bdi>{line.to}</bdi>
              </>
            )}
          </Box>
        ))}
      </Box>
      {lines.length > FOLDED + 1 && (
        <Button
          size="small"
          variant="text"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
          sx={{ mt: 0.5, px: 0.5, minWidth: 0 }}
        >
          {expanded
            ? t('users.audit.showLess')
            : t('users.audit.showMore', { number: lines.length - FOLDED })}
        </Button>
      )}
    </Box>
  );
}
