export { arSD as locale } from '@mui/material/locale';
