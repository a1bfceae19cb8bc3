export { viVN as locale } from '@mui/material/locale';
