export { frFR as locale } from '@mui/material/locale';
