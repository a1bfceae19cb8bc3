import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { FaqList } from '../components/faq-list.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { FAQ_SEARCH_MAX, faqIds, filterFaqs, type Faq } from '../utils/faqs.ts';

/** /faqs: a search box filters the questions and answers as you type; an accordion shows them. */
export function FaqsView() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);

  const faqs: Faq[] = useMemo(
    () =>
      faqIds.map((id) => ({
        id,
        question: t(`faqs.items.${id}.question`),
        answer: t(`faqs.items.${id}.answer`),
      })),
    [t],
  );
  const visible = useMemo(() => filterFaqs(faqs, deferredQuery), [faqs, deferredQuery]);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <PageHeader overline={t('faqs.overline')} title={t('faqs.title')} description={t('faqs.description')} />
      <Box role="search" sx={{ mb: 2 }}>
        <TextField
          fullWidth
          type="search"
          label={t('faqs.searchLabel')}
          placeholder={t('faqs.searchPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          slotProps={{
            htmlInput: { maxLength: FAQ_SEARCH_MAX, 'aria-describedby': 'faq-results' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden="true" />
                </InputAdornment>
              ),
              endAdornment: query ? (
                <InputAdornment position="end">
                  <IconButton edge="end" aria-label={t('faqs.clearSearch')} onClick={() => setQuery('')}>
                    <ClearIcon />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
      </Box>
      <Typography id="faq-results" role="status" variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t('faqs.results', { count: visible.length, total: faqs.length })}
      </Typography>

      {visible.length > 0 ? (
        <FaqList faqs={visible} />
      ) : (
        <Box
          sx={{
            textAlign: 'center',
            py: 6,
            px: 2,
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            borderStyle: 'dashed',
          }}
        >
          <SearchOffIcon sx={{ fontSize: 48, color: 'text.disabled', mb: 1 }} aria-hidden="true" />
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {t('faqs.noResultsTitle')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', wordBreak: 'break-word' }}>
            {t('faqs.noResults', { query: deferredQuery.trim() })}
          </Typography>
        </Box>
      )}

      <Box sx={{ textAlign: 'center', mt: 8 }}>
        <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
          {t('faqs.stillQuestions')}
        </Typography>
        <Button component={RouterLink} to={paths.contactUs} variant="contained" size="large">
          {t('faqs.contact')}
        </Button>
      </Box>
    </Container>
  );
}
