import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

import type { Faq } from '../utils/faqs.ts';

/**
 * Questions as an accordion; each answer opens under its question. MUI wires the summary button and the
 * answer region to each other (aria-controls, aria-labelledby) from the summary's id.
 */
/** Questions are h2 here: the page's h1 is right above them. */
const QuestionHeading = styled('h2')({ all: 'unset' });

export function FaqList({ faqs }: { faqs: Faq[] }) {
  return (
    <div>
      {faqs.map((faq) => (
        <Accordion
          key={faq.id}
          disableGutters
          variant="outlined"
          slots={{ heading: QuestionHeading }}
          sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
        >
          <AccordionSummary
            expandIcon={<ExpandMoreIcon />}
            id={`faq-${faq.id}-question`}
            aria-controls={`faq-${faq.id}-answer`}
          >
            <Typography variant="subtitle1" component="span">
              {faq.question}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography sx={{ color: 'text.secondary' }}>{faq.answer}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </div>
  );
}
